import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// Emoji shortcodes in message text and reaction names become emoji, per Slack's short names
/// (iamcal's emoji-data, the generated `SlackEmojiTable.swift`); custom emoji, times, unknown names
/// and code stay text.
@Suite("Slack emoji")
struct SlackEmojiTests {
    /// The text and reactions of one message of a one-message export, read both ways.
    static func read(text: String, reactions: [String] = []) throws -> Message {
        let record: [String: Any] = [
            "type": "message", "user": "U1", "ts": "1704103200.000100", "text": text,
            "reactions": reactions.map { ["name": $0, "users": ["U1"], "count": 1] },
        ]
        let json = try JSONSerialization.data(withJSONObject: [record])
        let folder = try SlackStreamingTests.export([
            "channels.json": #"[{"id":"C1","name":"general"}]"#, "general/2024-01-01.json": String(decoding: json, as: UTF8.self),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, whole, _) = try SlackStreamingTests.compare(folder.path)
        return try #require(whole.transcript.channels.first?.messages.first)
    }

    @Test(
        "shortcodes in text: names, aliases, skin tones, flags, ZWJ sequences",
        arguments: [
            (":wave: hi", "👋 hi"),
            (":+1: or :thumbsup: or :-1:", "👍 or 👍 or 👎"),
            ("*:tada:* _:100:_", "*🎉* _💯_"),
            (":thumbsup::skin-tone-2: :wave::skin-tone-6:", "👍🏻 👋🏿"),
            (":point_up::skin-tone-3:", "☝🏼"),
            (":woman-shrugging::skin-tone-5:", "🤷🏾‍♀️"),
            (":people_holding_hands::skin-tone-2-4: :people_holding_hands::skin-tone-3:", "🧑🏻‍🤝‍🧑🏽 🧑🏼‍🤝‍🧑🏼"),
            (":handshake::skin-tone-3-5: :handshake::skin-tone-4:", "🫱🏼‍🫲🏾 🤝🏽"),
            (":ok::skin-tone-2:", "🆗🏻"),
            (":flag-us: :us: :flag-de:", "🇺🇸 🇺🇸 🇩🇪"),
            (":man-woman-boy: :heart:", "👨‍👩‍👦 ❤️"),
            ("(:smile:):joy:", "(😄)😂"),
            (":wave::skin-tone-7:", "👋:skin-tone-7:"),
        ])
    func text(source: String, shown: String) throws {
        #expect(try Self.read(text: source).content == Content(text: shown, flavor: .slackMrkdwn))
    }

    @Test(
        "what stays text: times, custom and unknown names, words around colons, code, angle brackets",
        arguments: [
            "at 12:15:30 or 9:100:00",
            ":partyparrot: and :not-an-emoji: and :Wave:",
            "ratio 1:wave: and word:smile:",
            "`:wave:` and ```\n:wave:\n```",
            "<https://example.org/:wave:|:wave:> and <@U1>",
            "a lone : colon, :: and :wave",
        ])
    func unchanged(source: String) throws {
        #expect(try Self.read(text: source).content.text == source)
    }

    @Test("reaction names become emoji, with skin tones; a custom emoji keeps its name")
    func reactions() throws {
        let message = try Self.read(
            text: "x",
            reactions: [
                "+1", "thumbsup::skin-tone-2", "handshake::skin-tone-2-3", "people_holding_hands::skin-tone-6", "ok::skin-tone-2",
                "flag-us", "partyparrot", "partyparrot::skin-tone-2",
            ])
        #expect(
            message.reactions == [
                Reaction(emoji: "👍", count: 1), Reaction(emoji: "👍🏻", count: 1), Reaction(emoji: "🫱🏻‍🫲🏼", count: 1),
                Reaction(emoji: "🧑🏿‍🤝‍🧑🏿", count: 1), Reaction(emoji: "🆗🏻", count: 1), Reaction(emoji: "🇺🇸", count: 1),
                Reaction(emoji: "partyparrot", emojiID: "partyparrot", count: 1),
                Reaction(emoji: "partyparrot::skin-tone-2", emojiID: "partyparrot::skin-tone-2", count: 1),
            ])
    }
}
