import Foundation
import ParleyHTML

/// Renders plain message text: line breaks kept as `<br>`, `http(s)` URLs as safe links.
///
/// A URL runs from `http://` or `https://` to the next whitespace or `<`, without trailing
/// punctuation (`.,;:!?'"`) and without a closing bracket that has no opening one in the URL.
public enum PlainText {
    /// The fragment for `text`.
    /// - Complexity: O(n) in the text's length.
    public static func render(_ text: String) -> SafeHTML {
        var writer = HTMLWriter(capacity: text.utf8.count + 16)
        render(text, into: &writer)
        return writer.fragment
    }

    /// Writes the fragment for `text` at the end of `writer`.
    public static func render(_ text: String, into writer: inout HTMLWriter) {
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n")
        for (index, line) in normalized.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { writer.open("br") }
            writeLinked(line, into: &writer)
        }
    }

    private static func writeLinked(_ line: Substring, into writer: inout HTMLWriter) {
        var rest = line
        while let start = firstURLStart(in: rest) {
            writer.text(String(rest[..<start]))
            let end = urlEnd(in: rest[start...])
            let url = String(rest[start..<end])
            writer.open("a", [("class", .text("link")), ("href", .url(url)), ("rel", .text("noopener noreferrer nofollow"))])
            writer.text(url)
            writer.close("a")
            rest = rest[end...]
        }
        writer.text(String(rest))
    }

    private static func firstURLStart(in text: Substring) -> Substring.Index? {
        var search = text[...]
        while let match = search.firstRange(of: "http") {
            let after = text[match.upperBound...]
            let boundaryOK =
                match.lowerBound == text.startIndex
                || !(text[text.index(before: match.lowerBound)].isLetter || text[text.index(before: match.lowerBound)].isNumber)
            if boundaryOK, after.hasPrefix("://") || after.hasPrefix("s://") {
                let schemeEnd = text.index(match.upperBound, offsetBy: after.hasPrefix("s") ? 4 : 3)
                if schemeEnd < text.endIndex, !text[schemeEnd].isWhitespace { return match.lowerBound }
            }
            search = text[match.upperBound...]
        }
        return nil
    }

    private static func urlEnd(in text: Substring) -> Substring.Index {
        var end = text.firstIndex { $0.isWhitespace || $0 == "<" || $0 == ">" || $0 == "\"" } ?? text.endIndex
        while end > text.startIndex {
            let last = text[text.index(before: end)]
            let candidate = text[..<end]
            if ".,;:!?'\"*_~".contains(last) {
                end = text.index(before: end)
            } else if last == ")", candidate.filter({ $0 == "(" }).count < candidate.filter({ $0 == ")" }).count {
                end = text.index(before: end)
            } else {
                break
            }
        }
        return end
    }
}
