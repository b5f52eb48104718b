import Foundation
import ParleyTestSupport
import Testing

@testable import ParleyStore

/// An update of a store without messages (a fill) defers its index by id behind a Bloom filter;
/// what its caller sees — sightings, lookups, the rows and indexes committed — is what an update
/// of a store that holds messages gives, whether the filter errs, an id comes twice, or a row is
/// staged that was not met first.
@Suite struct ArchiveStoreFillTests {
    /// A store holding one message of a channel the steps never use: its updates are not fills.
    /// Without `blocks`, they keep every sighting in the indexed table (the update every other is
    /// compared with); with them, they defer their sightings behind a filter of that many blocks.
    /// With `holding`, it also holds messages 0–49 of both channels the steps use, which they
    /// look up, meet and replace.
    static func reference(blocks: Int? = nil, holding: Bool = false) throws -> ArchiveStore {
        let store = try ArchiveStore(path: ArchiveStoreTests.database(), upgrade: ArchiveStoreTests.noUpgrade)
        let held =
            holding
            ? ["general", "random"].flatMap { channel in
                (0..<50).map { ArchiveStoreTests.message(channel, "\($0)", Int64($0 * 7), "held \(channel) \($0)") }
            } : []
        try store.save(header: "h0", messages: [ArchiveStoreTests.message("z", "z", 1, "elsewhere")] + held)
        store.defersSightings = blocks != nil
        store.sightingFilterBlocks = blocks ?? SightingFilter.defaultBlocks
        return store
    }

    static func fresh(blocks: Int) throws -> ArchiveStore {
        let store = try ArchiveStore(path: ArchiveStoreTests.database(), upgrade: ArchiveStoreTests.noUpgrade)
        store.sightingFilterBlocks = blocks
        return store
    }

    /// Runs one seeded update of two inputs on `store` as ``IntakeStaging`` drives it — each copy
    /// met, then staged when first, a duplicate or a later copy kept — with lookups of ids met or
    /// not, of a former channel, and rows staged without being met mixed in; returns what each step
    /// returned, then every committed row, the indexes and a lookup of every id. The first
    /// `ordered` steps of the first input meet ids of one channel in increasing order. Rows are
    /// staged `batch` at a time, and at the end of each input.
    static func run(_ store: ArchiveStore, seed: UInt64, ids: Int, steps: Int, ordered: Int = 0, batch: Int = 16) throws -> [String] {
        var random = SeededRandom(seed: seed)
        var log: [String] = []
        var staged: [StoredMessage] = []
        try store.beginUpdate()
        for input in 1...2 {
            for step in 0..<steps {
                let inOrder = input == 1 && step < ordered
                let channel = inOrder || random.chance(80) ? "general" : "random"
                let id = inOrder ? String(format: "%06d", step) : String(random.below(ids))
                let place = ArchiveStore.Place(input: input, file: "in\(input).json", location: "messages[\(step)]")
                let row = ArchiveStoreTests.message(channel, id, Int64(step * 10 + input), "\(channel) \(id) \(input) \(step)")
                switch random.below(40) {
                case 0:
                    log.append("message \(channel)/\(id): \(try store.message(channel: channel, id: id).map { $0.record.count } ?? -1)")
                case 1:
                    log.append("remove former/\(id): \(try store.removeMessage(channel: "former", id: id) == nil)")
                case 2:
                    staged.append(row)
                default:
                    let sighting = try store.mark(channel: channel, id: id, at: place, keptIfFirst: true)
                    log.append("\(channel)/\(id) at \(input) \(place.location): \(sighting)")
                    switch sighting {
                    case .first:
                        staged.append(row)
                    case .sameInput:
                        try store.noteLaterCopy(channel: channel, id: id, at: place, kept: true, sameInput: true)
                        staged.append(row)
                    case .earlierInput:
                        let stored = try store.message(channel: channel, id: id)
                        log.append("  stored \(stored.map { String(decoding: $0.record, as: UTF8.self) } ?? "none")")
                        let kept = random.chance(50)
                        try store.noteLaterCopy(channel: channel, id: id, at: place, kept: kept, sameInput: false)
                        if kept { staged.append(row) }
                    }
                }
                if staged.count >= batch {
                    try store.stage(staged)
                    staged = []
                }
            }
            try store.stage(staged)
            staged = []
        }
        try store.commitUpdate(header: "h")
        try store.connection.query(
            "SELECT channel, timestamp, tiebreak, id, edited, record FROM messages WHERE channel != 'z' ORDER BY channel, timestamp, tiebreak"
        ) { row in
            log.append(
                "row \(row.text(0)) \(row.integer(1)) \(row.text(2)) \(row.text(3)) \(row.isNull(4) ? "-" : "\(row.integer(4))") \(row.text(5))"
            )
        }
        try store.connection.query("SELECT name, sql FROM sqlite_master WHERE type = 'index' ORDER BY name") { row in
            log.append("index \(row.text(0)): \(row.text(1))")
        }
        for channel in ["general", "random"] {
            for id in 0..<min(ids, 200) {
                log.append("\(channel)/\(id): \(try store.message(channel: channel, id: String(id)).map { $0.record.count } ?? -1)")
            }
        }
        return log
    }

    /// 300 seeded updates, ids drawn from 30 (most come twice or more) to 100,000 (a few do), each
    /// on a fresh store with a filter of one block (which errs within tens of ids) or of the
    /// default size, against the same update of a store that holds messages.
    @Test func aFillAnswersAsAnUpdateOfAStoreWithMessages() throws {
        for seed in UInt64(0)..<300 {
            let ids = [30, 1_000, 100_000][Int(seed % 3)]
            let steps = 60 + Int(seed % 7) * 20
            let expected = try Self.run(Self.reference(), seed: seed, ids: ids, steps: steps)
            for blocks in [1, SightingFilter.defaultBlocks] {
                let store = try Self.fresh(blocks: blocks)
                let got = try Self.run(store, seed: seed, ids: ids, steps: steps)
                #expect(
                    got == expected,
                    "seed \(seed), \(blocks) blocks: first difference at \((0..<min(got.count, expected.count)).first { got[$0] != expected[$0] } ?? min(got.count, expected.count))"
                )
                #expect(!store.defersIndexByID)
            }
        }
    }

    /// The same 300 seeded updates of a store that holds messages (some of the ids they use, or
    /// none), deferring their sightings behind a filter of one block or of the default size: they
    /// answer as the update that keeps every sighting indexed, and never defer its index by id.
    @Test func anUpdateDeferringItsSightingsAnswersAsOneThatDoesNot() throws {
        for seed in UInt64(0)..<300 {
            let ids = [30, 1_000, 100_000][Int(seed % 3)]
            let steps = 60 + Int(seed % 7) * 20
            let holding = seed % 2 == 0
            let expected = try Self.run(Self.reference(holding: holding), seed: seed, ids: ids, steps: steps)
            for blocks in [1, SightingFilter.defaultBlocks] {
                let store = try Self.reference(blocks: blocks, holding: holding)
                try store.beginUpdate()
                #expect(store.defersSightingIndex && !store.defersIndexByID)
                store.rollbackUpdate()
                let got = try Self.run(store, seed: seed, ids: ids, steps: steps)
                #expect(
                    got == expected,
                    "seed \(seed), \(blocks) blocks: first difference at \((0..<min(got.count, expected.count)).first { got[$0] != expected[$0] } ?? min(got.count, expected.count))"
                )
                #expect(!store.defersSightingIndex)
            }
        }
    }

    /// 200 seeded updates whose first input meets a prefix of its ids in order (all of them, or
    /// a random share): a fill keeps its index by id while its rows come in order and drops it at
    /// the first that does not; either way it answers as an update of a store with messages.
    @Test func aFillInIdOrderAnswersAsAnUpdateOfAStoreWithMessages() throws {
        var random = SeededRandom(seed: 0x4F52_4445)
        for seed in UInt64(0)..<200 {
            let ids = [30, 1_000, 100_000][Int(seed % 3)]
            let steps = 60 + Int(seed % 7) * 20
            let ordered = random.chance(30) ? steps : random.below(steps)
            let expected = try Self.run(Self.reference(), seed: seed, ids: ids, steps: steps, ordered: ordered)
            let store = try Self.fresh(blocks: SightingFilter.defaultBlocks)
            let got = try Self.run(store, seed: seed, ids: ids, steps: steps, ordered: ordered)
            #expect(
                got == expected,
                "seed \(seed), \(ordered) in order: first difference at \((0..<min(got.count, expected.count)).first { got[$0] != expected[$0] } ?? min(got.count, expected.count))"
            )
            #expect(!store.defersIndexByID && !store.keepsIndexByIDInOrder)
        }
    }

    /// 300 seeded updates staged up to 100 rows at a time, most rows inserted 32 to a statement
    /// (ids repeated inside one statement among them), answer as the same updates with every row
    /// inserted by a statement of its own: fills (in id order or not) and updates of a store that
    /// holds messages.
    @Test func rowsInsertedManyToAStatementAnswerAsRowsInsertedOneByOne() throws {
        for seed in UInt64(0)..<300 {
            let ids = [30, 1_000, 100_000][Int(seed % 3)]
            let steps = 60 + Int(seed % 7) * 20
            let ordered = seed % 4 == 1 ? steps : 0
            let holding = seed % 2 == 0
            let oneByOne = try Self.reference(holding: holding)
            oneByOne.insertRows = 1
            let expected = try Self.run(oneByOne, seed: seed, ids: ids, steps: steps, ordered: ordered, batch: 100)
            var stores = [try Self.reference(holding: holding)]
            if !holding { stores.append(try Self.fresh(blocks: SightingFilter.defaultBlocks)) }
            for store in stores {
                #expect(store.insertRows == 32)
                let got = try Self.run(store, seed: seed, ids: ids, steps: steps, ordered: ordered, batch: 100)
                #expect(
                    got == expected,
                    "seed \(seed): first difference at \((0..<min(got.count, expected.count)).first { got[$0] != expected[$0] } ?? min(got.count, expected.count))"
                )
            }
        }
    }

    /// `insertRows` below 2 inserts a row a statement, as 1 does (0 once looped for ever).
    @Test(arguments: [0, -1, Int.min]) func insertRowsBelowTwoInsertRowsOneByOne(rows: Int) throws {
        for seed in UInt64(0)..<4 {
            let oneByOne = try Self.reference(holding: seed % 2 == 0)
            oneByOne.insertRows = 1
            let expected = try Self.run(oneByOne, seed: seed, ids: 1_000, steps: 80, ordered: 0, batch: 100)
            let store = try Self.reference(holding: seed % 2 == 0)
            store.insertRows = rows
            #expect(try Self.run(store, seed: seed, ids: 1_000, steps: 80, ordered: 0, batch: 100) == expected)
        }
    }

    /// The root page of the index by id, which a dropped and rebuilt index gets anew.
    static func indexRoot(_ store: ArchiveStore) throws -> Int64? {
        var root: Int64?
        try store.connection.query("SELECT rootpage FROM sqlite_master WHERE name = 'messages_by_id'") { root = $0.integer(0) }
        return root
    }

    /// A first render of 5,000 ids, two channels one after the other: in increasing order, or
    /// starting again once halfway (`9…` then `1…`, as Discord's snowflakes gained a digit), each
    /// row goes into the index by id, which the commit keeps (its root page the one the store
    /// had); from halfway on in decreasing order, the order starts again at every row and the
    /// 65th such row drops the index, which the commit builds again. Either way the database is
    /// whole and every id found.
    @Test(arguments: [0, 1, 2_400]) func aFillInIdOrderKeepsItsIndex(restarts: Int) throws {
        func id(_ number: Int) -> String {
            guard number >= 2_600 else { return String(format: "9%05d", number) }
            return restarts == 1
                ? String(format: "1%06d", number) : restarts == 0 ? String(format: "9%05d", number) : String(9_999 - number)
        }
        let store = try Self.fresh(blocks: SightingFilter.defaultBlocks)
        let root = try Self.indexRoot(store)
        try store.beginUpdate()
        #expect(store.keepsIndexByIDInOrder)
        var batch: [StoredMessage] = []
        for number in 0..<5_000 {
            let channel = number < 2_500 ? "a" : "b"
            let place = ArchiveStore.Place(input: 1, file: "in.json", location: "messages[\(number)]")
            #expect(try store.mark(channel: channel, id: id(number), at: place, keptIfFirst: true) == .first)
            batch.append(ArchiveStoreTests.message(channel, id(number), Int64(number), "m\(id(number))"))
            if batch.count == 512 {
                try store.stage(batch)
                batch = []
                let kept = restarts <= ArchiveStore.indexOrderRestarts || number < 2_600 + ArchiveStore.indexOrderRestarts
                #expect(store.keepsIndexByIDInOrder == kept, "after \(number)")
                #expect(try Self.indexes(store) == (kept ? ["messages_by_id"] : []))
            }
        }
        try store.stage(batch)
        #expect(store.defersIndexByID)
        try store.commitUpdate(header: "h")
        #expect(!store.keepsIndexByIDInOrder)
        #expect(try Self.indexes(store) == ["messages_by_id"])
        if restarts <= ArchiveStore.indexOrderRestarts { #expect(try Self.indexRoot(store) == root) }
        var checked = 0
        try store.connection.query("PRAGMA integrity_check") {
            #expect($0.text(0) == "ok")
            checked += 1
        }
        #expect(checked == 1)
        #expect(try store.messageCount() == 5_000)
        for number in stride(from: 0, to: 5_000, by: 61) {
            let channel = number < 2_500 ? "a" : "b"
            #expect(try store.message(channel: channel, id: id(number))?.record == Array("m\(id(number))".utf8), "\(number)")
        }
    }

    /// The fill's check of (channel, id) order compares texts as SQLite's index does: on 3,000
    /// seeded pairs of texts — ASCII digits as ids are, prefixes of each other, equal ones, and
    /// letters past ASCII (é, 東, U+FFFD, 😀), where the byte order and String's own order differ —
    /// `binaryOrder` has the sign of SQLite's `BINARY` comparison of the same two texts.
    @Test func theOrderCheckComparesAsTheIndex() throws {
        let store = try Self.fresh(blocks: 1)
        let alphabet: [String] = ["0", "1", "9", "a", "Z", "é", "東", "\u{FFFD}", "😀", "e\u{301}"]
        var random = SeededRandom(seed: 42)
        var mismatches: [String] = []
        var orders = [0, 0, 0]
        for _ in 0..<3_000 {
            let first = (0..<random.below(5)).map { _ in alphabet[random.below(alphabet.count)] }.joined()
            var second = (0..<random.below(5)).map { _ in alphabet[random.below(alphabet.count)] }.joined()
            if random.chance(20) { second = first + (random.chance(50) ? "" : alphabet[random.below(alphabet.count)]) }
            var expected = 0
            try store.connection.query("SELECT (? > ?) - (? < ?)", [.text(first), .text(second), .text(first), .text(second)]) {
                expected = Int($0.integer(0))
            }
            let order = ArchiveStore.binaryOrder(first, second).signum()
            orders[order + 1] += 1
            if order != expected { mismatches.append("\(first) \(second): \(order), SQLite \(expected)") }
        }
        #expect(mismatches.isEmpty)
        #expect(orders.allSatisfy { $0 > 200 }, "\(orders)")
    }

    static func indexes(_ store: ArchiveStore) throws -> [String] {
        var names: [String] = []
        try store.connection.query("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'messages' ORDER BY name") {
            names.append($0.text(0))
        }
        return names
    }

    /// A first render of an export without repeated ids: 5,000 distinct ids met out of order and
    /// staged in batches, with lookups of ids not met between them. The index is dropped at the
    /// first row out of order and deferred to the commit (no lookup ends it), built there, and
    /// used by the lookups after.
    @Test func aFillWithoutRepeatsDefersItsIndexToTheCommit() throws {
        let store = try Self.fresh(blocks: SightingFilter.defaultBlocks)
        #expect(try Self.indexes(store) == ["messages_by_id"])
        try store.beginUpdate()
        #expect(store.defersIndexByID)
        #expect(store.keepsIndexByIDInOrder)
        var batch: [StoredMessage] = []
        for number in 0..<5_000 {
            let id = String(number * 7_919 % 5_000)
            let place = ArchiveStore.Place(input: 1, file: "in.json", location: "messages[\(number)]")
            #expect(try store.mark(channel: "general", id: id, at: place, keptIfFirst: true) == .first)
            #expect(try store.message(channel: "general", id: "new \(number)") == nil)
            #expect(try store.removeMessage(channel: "former", id: id) == nil)
            batch.append(ArchiveStoreTests.message("general", id, Int64(number), "m\(id)"))
            if batch.count == 512 {
                try store.stage(batch)
                batch = []
                #expect(!store.keepsIndexByIDInOrder)
                #expect(try Self.indexes(store).isEmpty)
            }
        }
        try store.stage(batch)
        #expect(store.defersIndexByID)
        try store.commitUpdate(header: "h")
        #expect(!store.defersIndexByID)
        #expect(try Self.indexes(store) == ["messages_by_id"])
        var plan = ""
        try store.connection.query("EXPLAIN QUERY PLAN SELECT edited, record FROM messages WHERE channel = 'general' AND id = '7'") {
            plan += $0.text(3)
        }
        #expect(plan.contains("USING INDEX messages_by_id"))
        #expect(try store.messageCount() == 5_000)
        for id in stride(from: 0, to: 5_000, by: 97) {
            #expect(try store.message(channel: "general", id: String(id))?.record == Array("m\(id)".utf8))
        }
    }

    /// A fill rolled back leaves the store as it was, its index by id included; the next fill
    /// commits.
    @Test func aRolledBackFillKeepsTheIndex() throws {
        let store = try Self.fresh(blocks: SightingFilter.defaultBlocks)
        let place = ArchiveStore.Place(input: 1, file: "in.json", location: "messages[0]")
        try store.beginUpdate()
        #expect(try store.mark(channel: "general", id: "1", at: place, keptIfFirst: true) == .first)
        try store.stage([ArchiveStoreTests.message("general", "1", 100, "one")])
        store.rollbackUpdate()
        #expect(!store.defersIndexByID)
        #expect(try Self.indexes(store) == ["messages_by_id"])
        #expect(try store.messageCount() == 0)
        try store.beginUpdate()
        #expect(try store.mark(channel: "general", id: "1", at: place, keptIfFirst: true) == .first)
        try store.stage([ArchiveStoreTests.message("general", "1", 100, "one")])
        try store.commitUpdate(header: "h")
        #expect(try store.message(channel: "general", id: "1")?.record == Array("one".utf8))
        #expect(try Self.indexes(store) == ["messages_by_id"])
    }
}
