import ParleyModel
import ParleyTestSupport
import Testing

@testable import ParleyRender

/// Channel folders: safe legacy names stay, others get `~` names that no file system hides,
/// refuses or confuses with another channel's, and adding channels never renames a folder.
@Suite struct ChannelFoldersTests {
    static func names(_ ids: [String]) -> [String] {
        let folders = ChannelFolders(ids.map { ChannelID($0) })
        return ids.map { folders.folder(of: ChannelID($0)) }
    }

    @Test func safeLegacyNamesAreKept() {
        #expect(
            Self.names(["1012224565567721552", "C024BE91L", "whatsapp:Family chat", "sms:+14155550199", "-100123-topic-7"]) == [
                "c/1012224565567721552/", "c/C024BE91L/", "c/whatsapp.3AFamily.20chat/", "c/sms.3A.2B14155550199/",
                "c/-100123-topic-7/",
            ])
    }

    @Test func aLeadingDotGetsATildeInFront() {
        #expect(Self.names(["!room:example.org", ".hidden"]) == ["c/~.21room.3Aexample.2Eorg/", "c/~.2Ehidden/"])
    }

    @Test func aLongNonLatinNameIsCutAtAnEscapeAndEndsInItsDigest() {
        let id = "whatsapp:" + String(repeating: "Семейный чат ", count: 12)
        #expect(ChannelFolders.legacyName(ChannelID(id)).utf8.count == 875)
        let name = Self.names([id])[0]
        #expect(
            name == "c/whatsapp.3A.D0.A1.D0.B5.D0.BC.D0.B5.D0.B9.D0.BD.D1.8B.D0.B9.20.D1.87.D0.B0.D1.82.20.D0.A1.D0.B5.D0~c54f3926469db0d9/"
        )
        #expect(name.utf8.count == 2 + 98 + 1 + 16 + 1)  // the 100th byte would have cut `.BC`
    }

    /// An empty id (the importers refuse one, but a folder never depends on that) is no `c//`.
    @Test func anEmptyIdGetsADigestName() {
        #expect(Self.names([""]) == ["c/~a8c7f832281a39c5/"])
    }

    @Test func namesEqualIgnoringCaseAreTold() {
        #expect(
            Self.names(["whatsapp:Family", "whatsapp:family", "whatsapp:FAMILY"]) == [
                "c/whatsapp.3AFamily/", "c/whatsapp.3Afamily~aa64d3de1e39dc12/", "c/whatsapp.3AFAMILY~bde222ca55e407d2/",
            ])
    }

    @Test func aLaterLegacyNameNeverLosesToAnEarlierDerivedOne() {
        // `~` never appears in a legacy name, so `_!x` keeps `_.21x` after `!x` took `~.21x`.
        #expect(Self.names(["!x", "_!x", "~x"]) == ["c/~.21x/", "c/_.21x/", "c/~.7Ex/"])
    }

    /// Over 2,000 seeded lists of ids drawn to collide (few letters, mixed case, leading `!`, long
    /// runs): every folder is unique ignoring case, has no leading dot, is at most 254 bytes of
    /// `[A-Za-z0-9_.~-]`, and every prefix of the list gets the same folders as the whole list.
    @Test func foldersAreSafeUniqueAndStableAsChannelsAreAdded() {
        var random = SeededRandom(seed: 0x00C0_FFEE)
        let alphabet: [String] = ["a", "A", "b", "B", "!", ".", "~", "_", "-", ":", "é", "Д", "😀"]
        for _ in 0..<2_000 {
            let count = Int.random(in: 1...12, using: &random)
            let ids = (0..<count).map { _ in
                let length = Bool.random(using: &random) ? Int.random(in: 1...4, using: &random) : Int.random(in: 60...120, using: &random)
                return (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }.joined()
            }
            let all = ChannelFolders(ids.map { ChannelID($0) })
            var seen = Set<String>()
            for id in Set(ids) {
                let name = all.names[ChannelID(id)] ?? ""
                #expect(!name.hasPrefix("."), "\(id) -> \(name)")
                #expect(name.utf8.count <= 254 && !name.isEmpty, "\(id) -> \(name)")
                #expect(
                    name.utf8.allSatisfy { byte in
                        switch byte {
                        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F, 0x7E: return true
                        default: return false
                        }
                    }, "\(id) -> \(name)")
                #expect(seen.insert(name.lowercased()).inserted, "\(ids): \(name) twice")
            }
            let cut = Int.random(in: 1...count, using: &random)
            let prefix = ChannelFolders(ids[..<cut].map { ChannelID($0) })
            for id in ids[..<cut] { #expect(prefix.names[ChannelID(id)] == all.names[ChannelID(id)], "\(ids) cut at \(cut)") }
        }
    }
}
