import ParleyHTML

/// Detects when a slot's new rendering is its old rendering followed by escaped text only.
enum AppendedText {
    /// The appended text (unescaped), or nil when `new` is not `old` plus text.
    ///
    /// The suffix qualifies when it holds no markup (`<`) and escaping its decoded text gives it
    /// back byte for byte, so appending a text node yields exactly `new`.
    /// - Complexity: O(length of `new`).
    static func suffix(from old: SafeHTML, to new: SafeHTML) -> String? {
        guard new.bytes.count > old.bytes.count, new.bytes.starts(with: old.bytes) else { return nil }
        let tail = new.bytes[old.bytes.count...]
        guard !tail.contains(0x3C), let text = decode(tail) else { return nil }
        guard SafeHTML.text(text).bytes.elementsEqual(tail) else { return nil }
        return text
    }

    private static let entities: [String: String] = ["&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": "\"", "&#39;": "'"]

    private static func decode(_ bytes: ArraySlice<UInt8>) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            guard let semicolon = rest[ampersand...].firstIndex(of: ";"),
                let decoded = entities[String(rest[ampersand...semicolon])]
            else { return nil }
            result += decoded
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }
}
