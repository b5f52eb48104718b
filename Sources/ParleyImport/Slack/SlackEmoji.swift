import Foundation

/// Slack's names of common standard emoji (its `emoji-data` short names), for reactions.
/// Names not listed are shown as `:name:` (custom workspace emoji, or less common ones).
enum SlackEmoji {
    private static let table: [String: String] = [
        "+1": "👍", "thumbsup": "👍", "-1": "👎", "thumbsdown": "👎", "heart": "❤️", "smile": "😄", "smiley": "😃",
        "grinning": "😀", "joy": "😂", "laughing": "😆", "wink": "😉", "blush": "😊", "slightly_smiling_face": "🙂",
        "thinking_face": "🤔", "tada": "🎉", "eyes": "👀", "fire": "🔥", "rocket": "🚀", "clap": "👏", "pray": "🙏",
        "ok_hand": "👌", "raised_hands": "🙌", "wave": "👋", "muscle": "💪", "100": "💯", "white_check_mark": "✅",
        "heavy_check_mark": "✔️", "x": "❌", "warning": "⚠️", "cry": "😢", "sob": "😭", "sweat_smile": "😅", "scream": "😱",
        "sunglasses": "😎", "star": "⭐", "sparkles": "✨", "bulb": "💡", "point_up": "☝️", "ship": "🚢", "coffee": "☕",
    ]

    /// The emoji for `name`, ignoring a skin-tone suffix (`+1::skin-tone-2`), or nil.
    static func unicode(_ name: String) -> String? {
        let base = name.components(separatedBy: "::").first ?? name
        return table[base]
    }
}
