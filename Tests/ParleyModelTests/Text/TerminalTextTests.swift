import Foundation
import ParleyModel
import Testing

/// What Parley prints is escaped: terminal controls, bidirectional controls and invalid UTF-8
/// become visible `\u{HEX}` and `\xHH` escapes, so an input cannot drive the user's terminal.
@Suite("Terminal text")
struct TerminalTextTests {
    @Test(
        "controls and bidirectional controls are escaped as \\u{HEX}",
        arguments: [
            ("window title, OSC 0", "\u{1B}]0;owned\u{7}", #"\u{1B}]0;owned\u{7}"#),
            ("clear screen, CSI 2 J", "\u{1B}[2J", #"\u{1B}[2J"#),
            ("clipboard write, OSC 52", "\u{1B}]52;c;cGFybGV5\u{1B}\\", #"\u{1B}]52;c;cGFybGV5\u{1B}\"#),
            ("C1 CSI", "\u{9B}31mred", #"\u{9B}31mred"#),
            ("right-to-left override", "invoice\u{202E}fdp.exe", #"invoice\u{202E}fdp.exe"#),
            ("DEL", "a\u{7F}b", #"a\u{7F}b"#),
            ("tab, carriage return and line feed in a value", "a\tb\rc\nd", #"a\u{9}b\u{D}c\u{A}d"#),
            ("NUL and the last C1", "\u{0}\u{9F}", #"\u{0}\u{9F}"#),
            (
                "every other bidirectional control",
                "\u{61C}\u{200E}\u{200F}\u{202A}\u{202B}\u{202C}\u{202D}\u{2066}\u{2067}\u{2068}\u{2069}",
                #"\u{61C}\u{200E}\u{200F}\u{202A}\u{202B}\u{202C}\u{202D}\u{2066}\u{2067}\u{2068}\u{2069}"#
            ),
            ("printable text, backslashes and emoji unchanged", #"Grüße, 日本 🎉 C:\media\a.png ~ é"#, #"Grüße, 日本 🎉 C:\media\a.png ~ é"#),
        ])
    func escapes(name: String, text: String, expected: String) {
        #expect(TerminalText.escaped(text) == expected, "\(name)")
        #expect(TerminalText.escaped(bytes: Array(text.utf8)) == expected, "\(name)")
    }

    @Test("line feeds are kept in a message Parley composed of several lines; every other control is escaped")
    func keptLineBreaks() {
        #expect(TerminalText.escaped("one\n\ttwo\u{1B}[2J\n", lineBreaks: .kept) == "one\n\\u{9}two\\u{1B}[2J\n")
    }

    @Test("invalid UTF-8 bytes are escaped one by one as \\xHH, valid sequences around them kept")
    func invalidBytes() {
        let bytes: [UInt8] = [0x61, 0xFF, 0x62, 0xC3, 0x28, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0xC3, 0xA9, 0x1B, 0xE2, 0x82]
        #expect(TerminalText.escaped(bytes: bytes) == #"a\xFFb\xC3(\xC0\xAF\xED\xA0\x80é\u{1B}\xE2\x82"#)
    }
}
