import Foundation
import ParleyImport
import ParleyModel
import ParleyStore
import ParleyTestSupport
import Testing

@testable import ParleyCLI

/// An update takes a message read without a source digest, whose record the store holds byte for
/// byte, as identical by its record digest, without reading the stored copy — only the first copy
/// of an id in an input; a later one is compared with the stored row as always, since the row may
/// be the earlier copy by then. The store, the counts and the findings end the same as when every
/// copy is read and compared.
@Suite struct IdenticalCopyTests {
    static let channels = [Channel(id: ChannelID("general"), name: "general"), Channel(id: ChannelID("random"), name: "random")]

    /// Message `number` of the seeded chat, in one of its versions: `version` 0 is the archive's,
    /// 1 another text at the same edit time, 2 edited a minute later.
    static func message(_ number: Int, version: Int) -> (Message, Channel) {
        let channel = channels[number % 2]
        var message = LiveFixtures.message(
            "m\(number)", minute: Int64(number), author: number % LiveFixtures.authors.count,
            text: version == 1 ? "message \(number), other text" : "message \(number)")
        if version == 2 {
            message.editedTimestamp = Timestamp(milliseconds: message.timestamp.milliseconds + 60_000)
            message.content = Content(text: "message \(number), edited")
        }
        message.channel = channel.id
        return (message, channel)
    }

    /// What an update of the store at `path` with `inputs` leaves: every record and source digest
    /// in display order, the update's counts, and the findings of each input.
    static func update(
        _ path: String, _ inputs: [[(message: Message, channel: Channel, sourceDigest: UInt64?)]], startedEmpty: Bool, compares: Bool
    ) throws -> (records: [String], update: ArchiveHistory.Update, findings: [String]) {
        let store = try ArchiveStore(path: path) { (_, _) throws(StoreError) in throw .failed(path: path, reason: "no migration") }
        try store.beginUpdate()
        let intake = ArchiveIntake(store: store, filter: TranscriptFilter(), startedEmpty: startedEmpty)
        intake.staging.queue.sync { intake.staging.passesOverIdenticalCopies = compares }
        var findings: [String] = []
        for (number, input) in inputs.enumerated() {
            intake.startInput()
            for (index, read) in input.enumerated() {
                let location = RecordLocation(file: "in\(number).txt", place: "line \(index + 1)")
                intake.accept(read.message, in: read.channel, at: location, sourceDigest: read.sourceDigest)
            }
            try intake.flush()
            findings += intake.findings.map(\.description)
        }
        let update = intake.update
        try store.commitUpdate(header: "{}")
        var records: [String] = []
        for channel in channels.map(\.id.rawValue) {
            records += try store.records(channel: channel, from: .min, "", limit: 10_000).map { String(decoding: $0, as: UTF8.self) }
            try store.forEachSourceDigest(channel: channel) { id, digest in
                records.append("\(channel)/\(String(decoding: id, as: UTF8.self)) source digest \(digest)")
            }
        }
        return (records, update, findings)
    }

    /// 300 seeded updates of an archive of 40 messages by one to three inputs, each drawing
    /// messages the archive holds (mostly as they are, some with other text at the same edit time
    /// or edited), new ones, ids given twice in one input (identical then changed, changed then
    /// identical), and some with source digests: the store, the counts (added, changed, kept,
    /// merges) and the findings are those of reading every copy's stored row; the copies taken by
    /// digest are the first of their id in an input that equal the row stored then.
    @Test(arguments: 0..<300)
    func anUpdateEndsAsWhenEveryStoredCopyIsRead(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let archive = (0..<40).map { Self.message($0, version: 0) }.map { (message: $0.0, channel: $0.1, sourceDigest: UInt64?.none) }
        var inputs: [[(message: Message, channel: Channel, sourceDigest: UInt64?)]] = []
        for _ in 0..<(1 + random.below(3)) {
            var input: [(message: Message, channel: Channel, sourceDigest: UInt64?)] = []
            for _ in 0..<(10 + random.below(50)) {
                let number = random.below(50)
                let version = random.chance(4) ? 1 + random.below(2) : 0
                let read = Self.message(number, version: version)
                input.append((read.0, read.1, random.chance(8) ? UInt64(random.below(1_000)) : nil))
            }
            inputs.append(input)
        }
        var outcomes: [(records: [String], update: ArchiveHistory.Update, findings: [String])] = []
        for compares in [false, true] {
            let path = TestPaths.temporaryFolder().appendingPathComponent("archive.sqlite").path
            _ = try Self.update(path, [archive], startedEmpty: true, compares: compares)
            outcomes.append(try Self.update(path, inputs, startedEmpty: false, compares: compares))
        }
        let (read, compared) = (outcomes[0], outcomes[1])
        #expect(compared.records == read.records)
        #expect(compared.findings == read.findings)
        var update = compared.update
        #expect(read.update.identicalByDigest == 0)
        // The first copy of an id in each input, without a source digest, equal to the row the
        // store holds then: the rows followed through the merge rules (a later copy of an id in
        // one input replaces the earlier; across inputs a later edit time wins, or the same one).
        var rows = Dictionary(uniqueKeysWithValues: archive.map { ($0.message.id.rawValue, $0.message) })
        var expected = 0
        for input in inputs {
            var met: Set<String> = []
            for read in input {
                let id = read.message.id.rawValue
                guard met.insert(id).inserted else {
                    rows[id] = read.message
                    continue
                }
                guard let row = rows[id] else {
                    rows[id] = read.message
                    continue
                }
                if row == read.message {
                    if read.sourceDigest == nil { expected += 1 }
                } else if read.message.editedTimestamp?.milliseconds ?? .min >= row.editedTimestamp?.milliseconds ?? .min {
                    rows[id] = read.message
                }
            }
        }
        #expect(update.identicalByDigest == expected)
        update.identicalByDigest = 0
        #expect(update == read.update)
    }

    /// The archive's 40 messages read again as they are, then message 0 changed in the same input,
    /// and 5 new ones: the 40 are taken by digest (no stored copy read), the changed copy of
    /// message 0 replaces the row as a duplicate of the input, the new ones are added.
    @Test func anUnchangedChatIsTakenByDigest() throws {
        let archive = (0..<40).map { Self.message($0, version: 0) }.map { (message: $0.0, channel: $0.1, sourceDigest: UInt64?.none) }
        let changed = Self.message(0, version: 2)
        let new = (40..<45).map { Self.message($0, version: 0) }.map { (message: $0.0, channel: $0.1, sourceDigest: UInt64?.none) }
        let path = TestPaths.temporaryFolder().appendingPathComponent("archive.sqlite").path
        _ = try Self.update(path, [archive], startedEmpty: true, compares: true)
        let outcome = try Self.update(
            path, [archive + [(changed.0, changed.1, nil)] + new], startedEmpty: false, compares: true)
        #expect(outcome.update.identicalByDigest == 40)
        #expect(outcome.update.added == 5)
        #expect(outcome.update.changed == 0)
        #expect(outcome.update.known == 0)
        #expect(outcome.findings == ["in0.txt: line 41: duplicate message id m0 (first seen at line 1); merged, later copy kept"])
        #expect(outcome.records.count == 45)
        #expect(outcome.records.first == (try ParleyJSONLWriter().messageLine(changed.0)))
    }
}
