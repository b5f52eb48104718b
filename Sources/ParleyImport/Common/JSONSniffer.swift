import Foundation

/// Cheap format detection on the first bytes of a JSON file: which keys and `"key": "value"`
/// pairs appear there, whitespace between tokens ignored. Never parses the whole file.
struct JSONSniffer {
    /// The first 64 KiB as text, without a leading byte order mark or whitespace.
    let head: Substring

    init(_ data: Data, limit: Int = 65_536) {
        let text = String(decoding: data.prefix(limit), as: UTF8.self)
        head = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
    }

    /// Whether the input starts with `{`.
    var isObject: Bool { head.first == "{" }

    /// Whether the input starts with `[`.
    var isArray: Bool { head.first == "[" }

    /// Whether `"key"` followed by `:` appears near the start.
    /// - Complexity: O(n) in the head's length.
    func hasKey(_ key: String) -> Bool { value(after: key) != nil }

    /// Whether `"key": "value"` appears near the start.
    func hasPair(_ key: String, _ value: String) -> Bool {
        var rest = head
        while let after = Self.afterKey(key, in: rest) {
            if after.hasPrefix("\"\(value)\"") { return true }
            rest = after
        }
        return false
    }

    /// The text after the first `"key" :` and its whitespace.
    private func value(after key: String) -> Substring? { Self.afterKey(key, in: head) }

    private static func afterKey(_ key: String, in text: Substring) -> Substring? {
        let quoted = "\"\(key)\""
        var rest = text
        while let range = rest.range(of: quoted) {
            let after = rest[range.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            if after.first == ":" { return after.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" } }
            rest = rest[range.upperBound...]
        }
        return nil
    }
}
