/// Text made safe to print on a terminal: everything Parley prints passes through here, so bytes
/// from an input (a file name, an attachment URL, a zip entry name) can never move the cursor,
/// retitle the window, clear the screen, write the clipboard (OSC 52) or reorder what is shown.
///
/// Escaped, always: C0 controls U+0000–U+001F (a line feed only where the caller keeps line
/// breaks), DEL U+007F, C1 controls U+0080–U+009F, and the bidirectional controls U+061C,
/// U+200E, U+200F, U+202A–U+202E and U+2066–U+2069. Each becomes Swift's escape `\u{HEX}` in
/// upper-case hex (ESC is `\u{1B}`); each byte of invalid UTF-8 becomes `\xHH` (`\xFF`). Every
/// other character, including a backslash, is printed as it is.
public enum TerminalText {
    /// Whether a line feed is a line break to keep or a byte to escape.
    public enum LineBreaks: Sendable {
        /// A value that must stay on one line: a line feed is escaped like every other control.
        case escaped
        /// A message of several lines that Parley composed: line feeds are kept.
        case kept
    }

    /// `text` with every control, bidirectional control and (in bytes) invalid UTF-8 escaped.
    /// - Complexity: O(n) in the UTF-8 length; returns `text` unchanged when nothing needs escaping.
    public static func escaped(_ text: String, lineBreaks: LineBreaks = .escaped) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F }) else { return text }
        return escaped(bytes: text.utf8, lineBreaks: lineBreaks)
    }

    /// `bytes` read as UTF-8 with every control and bidirectional control escaped as `\u{HEX}` and
    /// every byte of an invalid sequence as `\xHH`.
    /// - Complexity: O(n) in the number of bytes.
    public static func escaped(bytes: some Collection<UInt8>, lineBreaks: LineBreaks = .escaped) -> String {
        let bytes = Array(bytes)
        var result = ""
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var position = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case let .valid(encoded):
                position += encoded.count
                let scalar = Unicode.UTF8.decode(encoded)
                if needsEscape(scalar, lineBreaks: lineBreaks) {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            case let .error(length):
                for byte in bytes[position..<position + length] {
                    result += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
                }
                position += length
            case .emptyInput:
                return result
            }
        }
    }

    /// Whether `scalar` is a control or bidirectional control to escape.
    static func needsEscape(_ scalar: Unicode.Scalar, lineBreaks: LineBreaks) -> Bool {
        switch scalar.value {
        case 0x0A: return lineBreaks == .escaped
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
