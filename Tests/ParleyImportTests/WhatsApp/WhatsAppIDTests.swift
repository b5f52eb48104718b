import Foundation
import ParleyImport
import ParleyModel
import Testing

/// Synthetic ids: stable when a longer export of the same chat is read, distinct for repeats.
@Suite("WhatsApp ids")
struct WhatsAppIDTests {
    static let chat = """
        13/2/23, 10:00 - Ana: hi
        13/2/23, 10:00 - Ben: hi
        13/2/23, 10:00 - Ana: hi
        13/2/23, 10:01 - Ben: how are you?

        """

    @Test("a re-export with more messages keeps every earlier id")
    func longerExport() throws {
        let short = try WhatsAppParsingTests.read(Self.chat).transcript.channels[0].messages.map(\.id)
        let long = try WhatsAppParsingTests.read(Self.chat + "13/2/23, 10:01 - Ana: fine\n14/2/23, 09:00 - Ben: hi\n")
            .transcript.channels[0].messages.map(\.id)
        #expect(Array(long.prefix(4)) == short)
        #expect(Set(long).count == 6)
    }

    @Test("ids sort in file order among equal times and repeat messages differ")
    func order() throws {
        let ids = try WhatsAppParsingTests.read(Self.chat).transcript.channels[0].messages.map(\.id.rawValue)
        #expect(ids.map { String($0.prefix(5)) } == ["0000-", "0001-", "0002-", "0000-"])
        #expect(ids[0].dropFirst(5) != ids[2].dropFirst(5))
        #expect(ids.allSatisfy { $0.count == 21 })
    }

    @Test("merging an old and a new export keeps each message once, silently (the copies are equal)")
    func merge() throws {
        let old = try WhatsAppParsingTests.read(Self.chat)
        let new = try WhatsAppParsingTests.read(Self.chat + "14/2/23, 09:00 - Ben: bye\n")
        let (merged, diagnostics) = TranscriptMerger.merge([old, new])
        #expect(merged.messageCount == 5)
        #expect(diagnostics.isEmpty)
    }
}
