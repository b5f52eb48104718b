import Foundation
import ParleyTestSupport
import Testing

@testable import ParleyImport

/// The byte-level shortcuts of reading a WhatsApp line give what the standard library gives: the
/// header scanner's scalars are those of the UTF-8 decoder over the line's first 160 bytes, and a
/// system text's prefix test answers as `hasPrefix` does.
@Suite struct WhatsAppLineScanTests {
    /// 5,000 seeded lines of ASCII, multi-byte scalars, stray and cut sequences (some across the
    /// 160th byte): the scanner holds the scalars, and their offsets, that the standard library's
    /// decoder gives up to the first ill-formed sequence.
    @Test func theScannedPrefixIsTheDecodersScalars() {
        let pieces: [[UInt8]] = [
            Array("12/03/2024, 09:15 - ".utf8), Array("a".utf8), Array(" ".utf8), Array("é".utf8), Array("日".utf8),
            Array("👋".utf8), Array("\u{200E}".utf8), [0x80], [0xC3], [0xE6, 0x97], [0xF0, 0x9F, 0x91], [0xFF], [0xED, 0xA0, 0x80],
            [0xC0, 0x80],
        ]
        var random = SeededRandom(seed: 0x5741_4C4E)
        var scanner = WhatsAppHeaderScanner()
        var cutShort = 0
        for round in 0..<5000 {
            var line: [UInt8] = []
            while line.count < 120 + random.below(80) {
                line += random.chance(80) ? pieces[random.below(6)] : pieces[random.below(pieces.count)]
            }
            var expected: [(Unicode.Scalar, Int)] = []
            var iterator = line.prefix(WhatsAppHeaderScanner.prefixLength).makeIterator()
            var decoder = UTF8()
            var offset = 0
            while case let .scalarValue(scalar) = decoder.decode(&iterator) {
                expected.append((scalar, offset))
                offset += UTF8.width(scalar)
            }
            if offset < min(line.count, WhatsAppHeaderScanner.prefixLength) { cutShort += 1 }
            let header = line.withUnsafeBytes { scanner.scan($0) }
            #expect(scanner.scalarCount == expected.count, "round \(round)")
            #expect((0..<min(scanner.scalarCount, expected.count)).allSatisfy { scanner.scalarAt($0) == expected[$0].0 }, "round \(round)")
            if let header, scanner.index < expected.count { #expect(header.bodyOffset == expected[scanner.index].1, "round \(round)") }
        }
        #expect(cutShort > 1000)
    }

    /// 20,000 seeded texts against every notice and security-code prefix: the byte-level answer
    /// is `hasPrefix`'s, for texts that share part of a prefix, then differ in an ASCII byte, a
    /// combining mark, a decomposed letter, a line break, a Kelvin or an ohm sign.
    @Test func aSystemPrefixIsFoundAsHasPrefixFindsIt() {
        // The app's prefixes, and two that start with a precomposed letter and with one that
        // U+2126 OHM SIGN decomposes to.
        let prefixes = WhatsAppSystemText.prefixes + ["École fermée ", "Ωmega "].map(WhatsAppSystemText.Prefix.init)
        let tails = [
            "", " x", "x", "\u{301}", "\u{308}rest", "\r\n", "\n", "K", "\u{212A}", "e\u{301}", "E\u{301}", "é", "\u{2126}", "\u{200E}",
            "…",
        ]
        var random = SeededRandom(seed: 0x5359_5354)
        var found = 0
        for round in 0..<20_000 {
            let prefix = prefixes[random.below(prefixes.count)]
            let characters = Array(prefix.text)
            let kept = String(characters.prefix(random.below(characters.count + 1)))
            // The rest of the prefix follows the tail, or what follows the character the tail replaces
            // (`e` and U+0301 stand for `é`).
            let rest = random.chance(50) ? String(characters.dropFirst(kept.count + random.below(2))) : ""
            let text = kept + tails[random.below(tails.count)] + rest
            let substring = ("[x] " + text).dropFirst(4)
            let expected = substring.hasPrefix(prefix.text)
            if expected { found += 1 }
            #expect(WhatsAppSystemText.startsWith(substring, prefix) == expected, "round \(round): \(text.debugDescription)")
        }
        #expect(found > 500)
    }
    /// 5,000 seeded names in several scripts, with direction marks, spaces of every width and
    /// spaces at either end: `clean` gives the scalar-by-scalar cleaning (marks dropped, spaces
    /// made plain, trimmed), whether or not its byte-level shortcut applies.
    @Test func namesAreCleanedScalarByScalar() {
        let pieces = [
            "Ana", " ", "é", "Núñez", "Ωμέγα", "Иван", "王", "ひら", "\u{200E}", "\u{200F}", "\u{061C}", "\u{202A}", "\u{2068}", "\u{FEFF}",
            "\u{A0}", "\u{202F}", "\u{3000}", "\u{1680}", "\u{2009}", "ـ", "ğ", "\u{C2}", "\u{A0}x",
        ]
        var random = SeededRandom(seed: 0x434C_4541)
        var shortcut = 0
        for round in 0..<5000 {
            let text = (0..<random.below(6)).map { _ in pieces[random.below(pieces.count)] }.joined()
            var scalars = String.UnicodeScalarView()
            for scalar in text.unicodeScalars where !WhatsAppCharacters.isDirectionMark(scalar) {
                scalars.append(WhatsAppCharacters.isSpace(scalar) ? " " : scalar)
            }
            let expected = String(scalars).trimmingSpaces()
            if expected == text { shortcut += 1 }
            #expect(WhatsAppCharacters.clean(Substring(text)) == expected, "round \(round): \(text.debugDescription)")
        }
        #expect(shortcut > 500)
    }

    /// 5,000 seeded texts and substrings of them (a substring's bytes start inside its string)
    /// in several scripts: the byte search finds each ASCII needle where Foundation's `contains`
    /// does, at the start, the end, across a multi-byte scalar's neighbours, and not at all.
    @Test func theByteSearchFindsWhatFoundationFinds() {
        let pieces = ["Ana", " ", "added", " added ", "é", "王", "\u{200E}", "://", "<", ">", "a:/", "/", "\r\n", "\u{A0}", "remove", "d "]
        let needles: [StaticString] = [" added ", "://", "<", ">", " ", " removed ", " created group "]
        var random = SeededRandom(seed: 0x4259_5445)
        var found = 0
        for round in 0..<5000 {
            let text = (0..<random.below(8)).map { _ in pieces[random.below(pieces.count)] }.joined()
            let substring = ("[x] " + text).dropFirst(4)
            for needle in needles {
                let expected = text.contains(needle.description)
                if expected { found += 1 }
                #expect(WhatsAppCharacters.contains(text, needle) == expected, "round \(round): \(text.debugDescription)")
                #expect(WhatsAppCharacters.contains(substring, needle) == expected, "round \(round): \(text.debugDescription)")
            }
        }
        #expect(found > 2000)
    }

    /// What comes before the first `: ` is an author when it can be a name.
    @Test func anAuthorIsANameBeforeAColonAndSpace() {
        #expect(WhatsAppBody.authorAndText("José Núñez: hola")?.name == "José Núñez")
        #expect(WhatsAppBody.authorAndText("\u{200E}Ana\u{A0}Bo\u{202C}: hi")?.name == "Ana Bo")
        #expect(WhatsAppBody.authorAndText("王小明: 你好")?.name == "王小明")
        #expect(WhatsAppBody.authorAndText("see https://example.org/a: this")?.name == nil)
        #expect(WhatsAppBody.authorAndText("Zoë ://x: y")?.name == nil)
        #expect(WhatsAppBody.authorAndText("Zoë :/ /x: y")?.name == "Zoë :/ /x")
        #expect(WhatsAppBody.authorAndText("Ana «Bo»: hi")?.name == nil)
        #expect(WhatsAppBody.authorAndText("Ana „Bo“: hi")?.name == nil)
        #expect(WhatsAppBody.authorAndText("Ana \"Bo\": hi")?.name == nil)
        #expect(WhatsAppBody.authorAndText(Substring(String(repeating: "é", count: 81) + ": hi"))?.name == nil)
        #expect(
            WhatsAppBody.authorAndText(Substring(String(repeating: "é", count: 80) + ": hi"))?.name == String(repeating: "é", count: 80))
    }

    /// `: ` is found where a search of the line's UTF-8 bytes finds it: 5,000 seeded lines of
    /// ASCII, multi-byte letters, lone colons and spaces, each a substring that starts and ends
    /// inside its string; the name's text after it is the substring's rest.
    @Test func aColonAndSpaceIsFoundWhereTheBytesHoldIt() {
        let pieces = ["a", "Ana", " ", ":", ": ", "::", "é", "日本", "👋🏽", "\u{200E}", "\u{A0}", "x:y", "12:30", "e\u{301}"]
        var random = SeededRandom(seed: 0x434F_4C4E)
        var found = 0
        for round in 0..<5000 {
            var text = ""
            for _ in 0..<random.below(14) { text += pieces[random.below(pieces.count)] }
            let characters = text.count
            let start = text.index(text.startIndex, offsetBy: random.below(characters / 3 + 1))
            let end = text.index(text.endIndex, offsetBy: -random.below(characters / 3 + 1))
            let line = start <= end ? text[start..<end] : text[start..<start]
            let bytes = Array(line.utf8)
            let expected = bytes.indices.first { $0 + 1 < bytes.count && bytes[$0] == 0x3A && bytes[$0 + 1] == 0x20 }
            let range = WhatsAppCharacters.colonSpace(in: line)
            #expect(
                range.map { line.utf8.distance(from: line.startIndex, to: $0.lowerBound) } == expected,
                "round \(round): \(line.debugDescription)")
            #expect(range.map { line.utf8.distance(from: $0.lowerBound, to: $0.upperBound) } == expected.map { _ in 2 }, "round \(round)")
            if let range, let (_, rest) = WhatsAppBody.authorAndText(line) {
                #expect(rest == line[range.upperBound...], "round \(round): \(line.debugDescription)")
                found += 1
            }
        }
        #expect(found > 1000)
    }

    /// A letter is what its general category says, the ASCII shortcut included: every ASCII
    /// scalar, and letters, marks, digits and spaces of other scripts.
    @Test func aLetterIsWhatItsGeneralCategorySays() {
        let letters: Set<Unicode.GeneralCategory> = [
            .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark, .spacingMark,
            .enclosingMark,
        ]
        let others: [Unicode.Scalar] = [
            "é", "Ω", "μ", "ö", "İ", "ı", "午", "ก", "\u{301}", "\u{903}", "٣", "\u{A0}", "\u{202F}", "\u{200E}", "·",
        ]
        for scalar in (0...0x7F).compactMap(Unicode.Scalar.init) + others {
            #expect(
                WhatsAppCharacters.isLetter(scalar) == letters.contains(scalar.properties.generalCategory),
                "U+\(String(scalar.value, radix: 16, uppercase: true))")
        }
    }

    /// An AM/PM marker's letters are lowercased, ASCII or not, its dots and one inner space
    /// dropped.
    @Test func aMarkerIsReadLowercased() {
        var scanner = WhatsAppHeaderScanner()
        let markers = [
            "pm": "pm", "PM": "pm", "pM": "pm", "P.M.": "pm", "a. m.": "am", "A. M.": "am", "μ.μ.": "μμ", "Μ.Μ.": "μμ", "ÖS": "ös",
            "ös": "ös",
        ]
        for (written, normalized) in markers {
            let line = Array("12/03/2024, 9:15 \(written) - Ana: hi".utf8)
            let header = line.withUnsafeBytes { scanner.scan($0) }
            #expect(header?.marker == normalized, "\(written)")
        }
    }
}
