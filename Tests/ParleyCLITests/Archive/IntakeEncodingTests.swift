import Foundation
import ParleyImport
import ParleyModel
import ParleyStore
import ParleyTestSupport
import Testing

@testable import ParleyCLI

/// A message read into the archive's store is encoded as its record on whichever side has time
/// for it — the reader while the staging is behind, else the staging — and the store ends the
/// same either way: the same rows, the same counts, the same findings.
@Suite struct IntakeEncodingTests {
    /// Who encodes: the reader always, the staging always, or as the queue's length says.
    enum Side: CaseIterable { case reader, staging, scheduled }

    /// `count` seeded messages of two channels, some ids twice (a duplicate within the input),
    /// some edited, replies and reactions among them.
    static func messages(seed: UInt64, count: Int) -> [(Message, Channel)] {
        var random = SeededRandom(seed: seed)
        let channels = [Channel(id: ChannelID("general"), name: "general"), Channel(id: ChannelID("random"), name: "random")]
        var messages: [(Message, Channel)] = []
        for index in 0..<count {
            let number = random.chance(3) && index > 0 ? random.below(index) : index
            var message = LiveFixtures.message(
                String(number), minute: Int64(number), author: random.below(LiveFixtures.authors.count),
                text: "message \(number) *\(random.below(1_000))*",
                reply: random.chance(10) && number > 0 ? String(random.below(number)) : nil)
            if random.chance(5) { message.editedTimestamp = Timestamp(milliseconds: message.timestamp.milliseconds + 60_000) }
            if random.chance(10) { message.reactions = [Reaction(emoji: "👍", count: 1 + random.below(5))] }
            let channel = channels[number % 2]
            message.channel = channel.id
            messages.append((message, channel))
        }
        return messages
    }

    /// Reads `messages` into a new store with `side` encoding; returns every stored record in
    /// display order and every source digest, the update's counts and the findings.
    static func store(_ messages: [(Message, Channel)], side: Side) throws -> (records: [String], added: Int, findings: [String]) {
        let path = TestPaths.temporaryFolder().appendingPathComponent("archive.sqlite").path
        let store = try ArchiveStore(path: path) { (_, _) throws(StoreError) in throw .failed(path: path, reason: "no migration") }
        try store.beginUpdate()
        let intake = ArchiveIntake(store: store, filter: TranscriptFilter(), startedEmpty: true)
        switch side {
        case .reader: intake.staging.chunksWaiting.store(1_000_000, ordering: .relaxed)
        case .staging: intake.staging.chunksWaiting.store(-1_000_000, ordering: .relaxed)
        case .scheduled: break
        }
        intake.startInput()
        for (index, (message, channel)) in messages.enumerated() {
            intake.accept(
                message, in: channel, at: RecordLocation(file: "in.json", place: "messages[\(index)]"), sourceDigest: UInt64(index))
        }
        try intake.flush()
        let added = intake.update.added
        let findings = intake.findings.map(\.description)
        try store.commitUpdate(header: "{}")
        var records: [String] = []
        for channel in ["general", "random"] {
            records += try store.records(channel: channel, from: .min, "", limit: messages.count).map {
                String(decoding: $0, as: UTF8.self)
            }
            try store.forEachSourceDigest(channel: channel) { id, digest in
                records.append("\(channel)/\(String(decoding: id, as: UTF8.self)) source digest \(digest)")
            }
        }
        return (records, added, findings)
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func theStoreIsTheSameWhicheverSideEncodes(seed: UInt64) throws {
        let messages = Self.messages(seed: seed, count: 3_000)
        let distinct = Set(messages.map { "\($0.1.id.rawValue)/\($0.0.id.rawValue)" }).count
        let outcomes = try Side.allCases.map { try Self.store(messages, side: $0) }
        let reader = outcomes[0]
        #expect(reader.records.count == 2 * distinct)
        #expect(reader.added == distinct)
        #expect(reader.findings.count == messages.count - distinct)
        // The last copy of message 0 is the one stored, as the writer encodes it.
        let last = try #require(messages.last { $0.0.id.rawValue == "0" })
        #expect(reader.records.first == (try ParleyJSONLWriter().messageLine(last.0)))
        let lastIndex = try #require(messages.lastIndex { $0.0.id.rawValue == "0" })
        #expect(reader.records.contains("general/0 source digest \(lastIndex)"))
        for outcome in outcomes.dropFirst() {
            #expect(outcome.records.count == reader.records.count)
            let differing = outcome.records.indices.first { $0 < reader.records.count && outcome.records[$0] != reader.records[$0] }
            #expect(differing == nil, "record \(differing ?? 0): \(differing.map { outcome.records[$0] } ?? "")")
            #expect(outcome.added == reader.added)
            #expect(outcome.findings == reader.findings)
        }
    }
}
