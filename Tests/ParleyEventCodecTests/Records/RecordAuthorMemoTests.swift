import Foundation
import ParleyModel
import ParleyTestSupport
import Testing

@testable import ParleyEventCodec

/// A record read with an author memo gives exactly the message read without one: the memo gives
/// back an author only for the very same object bytes.
@Suite struct RecordAuthorMemoTests {
    /// 80 authors: 20 seeded ones and, for each, a near miss (another last byte of the name, or
    /// another bot flag) and two that differ only after a `}` in their display name (the digest
    /// stops at the first `}`, so those two share it and only the bytes tell them apart).
    static func authors() -> [Author] {
        var events = RandomTranscriptEvents(seed: 0xA07, extremes: false)
        var authors: [Author] = []
        for number in 0..<20 {
            let author = events.message(channel: ChannelID("c"), id: MessageID("m")).author
            var twin = author, first = author, second = author
            if number % 2 == 0 { twin.name += "x" } else { twin.isBot.toggle() }
            first.displayName = "q}1"
            second.displayName = "q}2"
            authors += [author, first, second, twin]
        }
        return authors
    }

    /// Property: over 6,000 seeded records (a third written again with members shuffled, unknown
    /// members and white space inside the author object), each read through memos of 512 and of 3
    /// objects (the small one starting afresh hundreds of times) is the message read without one.
    @Test func aRecordReadsAsWithoutTheMemo() throws {
        let authors = Self.authors()
        var events = RandomTranscriptEvents(seed: 0xA08, extremes: true)
        var scrambler = RecordScrambler(seed: 0xA09)
        var random = SeededRandom(seed: 0xA0A)
        var large = RecordAuthorMemo(), small = RecordAuthorMemo(capacity: 3)
        var valid = 0
        for _ in 0..<6_000 {
            var message = events.message(channel: ChannelID(events.identifier()), id: MessageID(events.identifier()))
            message.author = authors[random.below(random.chance(80) ? 8 : authors.count)]
            var record = MessageRecordWriter().bytes(of: message)
            if random.chance(33) { record = try scrambler.text(of: JSONTree(record: record)) }
            let expected = MessageRecordReader().validatedMessage(in: Data(record))
            let fromLarge = record.withUnsafeBufferPointer { MessageRecordReader().validatedMessage(in: $0, authors: &large) }
            let fromSmall = record.withUnsafeBufferPointer { MessageRecordReader().validatedMessage(in: $0, authors: &small) }
            #expect(fromLarge == expected, "\(String(decoding: record, as: UTF8.self))")
            #expect(fromSmall == expected, "\(String(decoding: record, as: UTF8.self))")
            if let expected, let fromLarge {
                #expect(MessageRecordWriter().bytes(of: fromLarge) == MessageRecordWriter().bytes(of: expected))
                valid += 1
            }
        }
        #expect(valid > 3_000)
        #expect(large.count >= 20 && large.count <= 512, "\(large.count)")
        #expect(small.count <= 3)
    }

    /// An author object larger than ``RecordAuthorMemo/keptBytes`` is read every time, never kept.
    @Test func aLargeObjectIsNotKept() {
        var message = Message(
            id: MessageID("m"), channel: ChannelID("c"),
            author: Author(id: AuthorID("a"), name: "n", avatarURL: "https://e.org/" + String(repeating: "a", count: 3_000)),
            timestamp: Timestamp(milliseconds: 0), content: Content(text: "hi", flavor: .plain))
        var memo = RecordAuthorMemo()
        for number in 0..<3 {
            message.id = MessageID("m\(number)")
            let record = MessageRecordWriter().bytes(of: message)
            #expect(record.withUnsafeBufferPointer { MessageRecordReader().validatedMessage(in: $0, authors: &memo) } == message)
        }
        #expect(memo.count == 0)
    }
}
