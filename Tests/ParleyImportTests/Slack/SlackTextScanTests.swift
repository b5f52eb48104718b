import ParleyModel
import ParleyTestSupport
import Testing

@testable import ParleyImport

/// The byte-level readings of a Slack message's text and timestamp: mentions found as Slack
/// writes them, shortcodes ruled out only where none can be, timestamps parsed as the
/// character-by-character reading parses them.
@Suite struct SlackTextScanTests {
    /// 5,000 seeded texts built of words in several scripts, links, stray brackets and mentions:
    /// the ids are those of the mentions put in, in order, each once.
    @Test func mentionsAreTheOnesWritten() {
        let words = [
            "ok", "Kraków", "谢谢", "❤️", "👩‍💻", "e\u{301}", "a|b", "@", "x>", "1 < 2", "&lt;@U9&gt;", "<https://example.com/a|b>", "\u{301}",
            "<",
        ]
        let ids = ["U1", "U0VHYE9OFRX", "W2", "UÉ", "U\u{301}"]
        var random = SeededRandom(seed: 0x534C_4D45)
        var withMentions = 0
        for round in 0..<5000 {
            var text = ""
            var expected: [String] = []
            for _ in 0..<random.below(12) {
                if random.chance(30) {
                    let id = ids[random.below(ids.count)]
                    text += random.chance(50) ? "<@\(id)>" : "<@\(id)|\(words[random.below(words.count)].filter { $0 != ">" })>"
                    if !expected.contains(id) { expected.append(id) }
                    // A mark right after a mention's `>` joins its character, not its bytes.
                    if random.chance(10) { text += "\u{301}" }
                } else {
                    // A lone `<` swallows what follows up to the next `>`: only between mentions' ends and starts.
                    let word = words[random.below(words.count - 1)]
                    if word.contains("<") && !word.contains(">") { continue }
                    text += word
                }
                text += " "
            }
            if !expected.isEmpty { withMentions += 1 }
            #expect(SlackMrkdwn.mentionedUsers(text) == expected, "round \(round): \(text.debugDescription)")
        }
        #expect(withMentions > 3000)
    }

    @Test func mentionsAtTheEdges() {
        #expect(SlackMrkdwn.mentionedUsers("") == [])
        #expect(SlackMrkdwn.mentionedUsers("<@") == [])
        #expect(SlackMrkdwn.mentionedUsers("<@U1") == [])
        #expect(SlackMrkdwn.mentionedUsers("<@>") == [])
        #expect(SlackMrkdwn.mentionedUsers("<@|name>") == [])
        #expect(SlackMrkdwn.mentionedUsers("<<@U1>") == ["U1"])
        #expect(SlackMrkdwn.mentionedUsers("<@U1>\u{301} <@U2|b|c>") == ["U1", "U2"])
        #expect(SlackMrkdwn.mentionedUsers("<@U1> <@U1|again> <@U2>") == ["U1", "U2"])
        #expect(SlackMrkdwn.mentionedUsers("< @U1> <@ U2>") == [" U2"])
    }

    /// 20,000 seeded texts of colons, name characters, digits, letters and non-ASCII scalars:
    /// `mayHoldShortcode` is true exactly when a colon, one or more name scalars and a colon
    /// follow each other, as the regular expression `:[a-z0-9_+'-]+:` finds them scalar by scalar.
    @Test func aShortcodeIsRuledOutOnlyWhereNoneCanBe() throws {
        let pieces = [
            ":", "::", "a", "z", "0", "9", "_", "+", "'", "-", "A", " ", "é", "日", "\u{301}", ":wave:", "12:15:30", "https://x", "💬",
        ]
        let pattern = try Regex(":[a-z0-9_+'-]+:")
        var random = SeededRandom(seed: 0x454D_4F4A)
        var held = 0
        for round in 0..<20_000 {
            let text = (0..<random.below(10)).map { _ in pieces[random.below(pieces.count)] }.joined()
            let expected = text.contains(pattern.matchingSemantics(.unicodeScalar))
            if expected { held += 1 }
            #expect(SlackMrkdwn.mayHoldShortcode(text) == expected, "round \(round): \(text.debugDescription)")
        }
        #expect(held > 2000)
        #expect(SlackMrkdwn.emojifying("at 12:15:30 :wave::skin-tone-2: :nope:") == "at 12:15:30 👋🏻 :nope:")
    }

    /// 20,000 seeded texts of digits, signs, dots, letters, CR LF and non-ASCII scalars, and
    /// boundary values: the bytes of an ASCII text parse as its characters do (`split`, `prefix(6)`,
    /// `Int64(_:)`: ``SlackTimestamp/parseByCharacters(_:)``).
    @Test func aTimestampParsesAsItsCharactersDo() {
        let pieces = [
            "1", "0", "9", "452837318", "000002", ".", "+", "-", "a", " ", "\r\n", "\u{301}", "٣", "9223372036854775807",
            "9223372036854775808",
        ]
        var random = SeededRandom(seed: 0x5453_5453)
        var parsed = 0
        for round in 0..<20_000 {
            let text = (0..<random.below(8)).map { _ in pieces[random.below(pieces.count)] }.joined()
            let expected = SlackTimestamp.parseByCharacters(text)
            if expected != nil { parsed += 1 }
            #expect(SlackTimestamp.parse(text) == expected, "round \(round): \(text.debugDescription)")
        }
        #expect(parsed > 1000)
        for text in [
            "1452837318.000002", "-1.5", "+1.1234567", "0", "1.", ".5", "1..2", "-9223372036854775808", "9223372036854775808.1",
            "253402300800.0", "1.000999\r\n",
        ] {
            #expect(SlackTimestamp.parse(text) == SlackTimestamp.parseByCharacters(text), "\(text.debugDescription)")
        }
        #expect(SlackTimestamp.parse("1452837318.000002") == Timestamp(unixSeconds: 1_452_837_318, milliseconds: 0))
        #expect(SlackTimestamp.parse("1452837318.5") == Timestamp(unixSeconds: 1_452_837_318, milliseconds: 500))
    }
}
