import Foundation
import ParleyTestSupport
import Testing

@testable import ParleyImport

/// A deletion marker is told by its first ASCII bytes before it is hashed; what `marker` answers is
/// what looking the whole text up in the marker sets answers, for every marker in composed and
/// decomposed form, after direction marks, with its full stop, and for texts that begin as one.
@Suite struct WhatsAppDeletedTextTests {
    /// The lookup without the test by heads.
    static func oracle(_ text: Substring) -> WhatsAppDeletedText.Marker? {
        var core = WhatsAppCharacters.dropLeadingMarks(text)
        if core.last == "." { core = core.dropLast() }
        guard core.utf8.count <= 64 else { return nil }
        if WhatsAppDeletedText.deletedByOthers.contains(String(core)) { return .byOthers }
        if WhatsAppDeletedText.deletedByExporter.contains(String(core)) { return .byExporter }
        return nil
    }

    @Test func everyMarkerInEveryFormIsToldAndOtherTextsAnswerAsTheLookup() {
        let markers = WhatsAppDeletedText.deletedByOthers.union(WhatsAppDeletedText.deletedByExporter).sorted()
        var texts: [String] = []
        for marker in markers {
            for form in [marker, marker.decomposedStringWithCanonicalMapping, marker.precomposedStringWithCanonicalMapping] {
                texts += [form, form + ".", "\u{200E}" + form, "\u{200F}\u{200E}" + form + ".", form + "!", String(form.dropLast())]
            }
        }
        for text in texts { #expect(WhatsAppDeletedText.marker(Substring(text)) == Self.oracle(Substring(text)), "\(text)") }
        #expect(texts.count(where: { WhatsAppDeletedText.marker(Substring($0)) == .byOthers }) == 13 * 3 * 4)
        #expect(texts.count(where: { WhatsAppDeletedText.marker(Substring($0)) == .byExporter }) == 14 * 3 * 4)
        // Seeded texts made of the markers' own scalars, ASCII letters, marks and full stops.
        let pieces = Array(Set(markers.flatMap { $0.unicodeScalars.map(String.init) })).sorted() + ["\u{200E}", ".", "A", "x", "\u{301}"]
        var random = SeededRandom(seed: 0x4445_4C)
        for _ in 0..<20_000 {
            var text = random.chance(30) ? markers[random.below(markers.count)] : ""
            for _ in 0..<random.below(4) {
                text = random.chance(50) ? pieces[random.below(pieces.count)] + text : text + pieces[random.below(pieces.count)]
            }
            #expect(WhatsAppDeletedText.marker(Substring(text)) == Self.oracle(Substring(text)), "\(text.unicodeScalars.map(\.value))")
        }
    }

    /// The heads rule out a text from its first ASCII bytes, and only those.
    @Test func theHeadsRuleOutOtherTexts() {
        #expect(WhatsAppDeletedText.decomposedHeads.count == 27)
        #expect(WhatsAppDeletedText.decomposedHeads.contains(Array("Bai".utf8)) == false)
        #expect(WhatsAppDeletedText.decomposedHeads.contains(Array("Ba".utf8)))
        #expect(WhatsAppDeletedText.decomposedHeads.contains([]))
        for text in ["This is fine", "Thx", "Bug him", "12 apples", "Yes"] {
            #expect(!WhatsAppDeletedText.mayBeMarker(Substring(text)), "\(text)")
        }
        for text in ["This mes", "This message was deleted.", "B\u{1EA1}n \u{0111}\u{00E3} xo\u{00E1}", "\u{0414}", "", "This\u{301}"] {
            #expect(WhatsAppDeletedText.mayBeMarker(Substring(text)), "\(text)")
        }
    }
}
