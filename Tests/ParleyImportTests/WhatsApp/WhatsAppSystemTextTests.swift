import Foundation
import ParleyTestSupport
import Testing

@testable import ParleyImport

/// A system line is told as comparing its text with every prefix by `hasPrefix` tells it, also
/// when the text begins with an emoji, a symbol, a digit, a mark, or a letter outside ASCII — which
/// `isSystem` rules out, or narrows, before comparing.
@Suite struct WhatsAppSystemTextTests {
    /// `isSystem` with every prefix compared by `hasPrefix`.
    static func oracle(_ text: Substring) -> Bool {
        let trimmed = WhatsAppCharacters.dropLeadingMarks(text)
        if WhatsAppSystemText.prefixes.contains(where: { trimmed.hasPrefix($0.text) }) { return true }
        guard let first = text.unicodeScalars.first, WhatsAppCharacters.isDirectionMark(first) else { return false }
        let cleaned = WhatsAppCharacters.clean(trimmed)
        return cleaned.contains(" created group ") || cleaned.hasPrefix("You created group ")
            || WhatsAppMessageAssembler.systemKind(cleaned) != .system
    }

    @Test func aSystemLineIsToldAsHasPrefixTellsIt() {
        let prefixes = WhatsAppSystemText.prefixes.map(\.text)
        let starts = [
            "❤️ ", "😂", "👍🏽 ok", "© ", "€5 ", "٣ ", "7 ", "\u{301}", "É", "Ü", "Ё", "С", "ا", "ข", "İ", "ﬀ", "Ω", "Å", "K",
            "\u{200E}", "\u{200F}", " ", ".", "\u{212A}", "\u{1FEF}", "\u{037E}", "ø", "e\u{301}",
        ]
        var texts: [String] = []
        for prefix in prefixes {
            for form in [prefix, prefix.decomposedStringWithCanonicalMapping, prefix.precomposedStringWithCanonicalMapping] {
                texts += [form, form + "Ana", "\u{200E}" + form + "x", String(form.dropLast(3)), "x" + form]
            }
        }
        var random = SeededRandom(seed: 0x5359_53)
        for _ in 0..<20_000 {
            var text = starts[random.below(starts.count)]
            if random.chance(40) { text += prefixes[random.below(prefixes.count)].decomposedStringWithCanonicalMapping }
            if random.chance(40) { text = String(prefixes[random.below(prefixes.count)].prefix(1 + random.below(6))) + text }
            texts.append(text)
        }
        var system = 0
        for text in texts {
            let told = WhatsAppSystemText.isSystem(Substring(text))
            #expect(told == Self.oracle(Substring(text)), "\(text.unicodeScalars.map(\.value))")
            if told { system += 1 }
        }
        // Each prefix in its three forms, alone and followed by a name, is one; cut short or after an "x", not.
        #expect(system >= prefixes.count * 3 * 2)
    }

    /// The scalars outside ASCII whose canonical decomposition is one ASCII scalar are the three
    /// `hasASCIISingleton` names (every scalar with a canonical decomposition is below U+30000).
    @Test func threeScalarsDecomposeToOneASCIIScalar() {
        var found: [UInt32] = []
        for value in UInt32(0x80)..<0x30000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let decomposed = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars
            if decomposed.count == 1, let only = decomposed.first, only.isASCII {
                found.append(value)
                #expect(WhatsAppSystemText.hasASCIISingleton(UInt8(only.value)))
            }
        }
        #expect(found == [0x037E, 0x1FEF, 0x212A])
    }
}
