import ParleyImport
import ParleyTestSupport
import Testing

/// Known records are claimed only with their id and digest, and only the first time their id is
/// met in a list (by a claim or a read).
@Suite struct KnownRecordsTests {
    static func claim(_ known: inout KnownRecords, _ id: String, _ digest: UInt64) -> Bool {
        Array(id.utf8).withUnsafeBytes { known.claim(id: $0, digest: digest) }
    }

    static func hash(_ id: String) -> UInt64 { Array(id.utf8).withUnsafeBytes { KnownRecords.idHash($0) } }

    @Test func claimsAndMeetings() {
        var known = KnownRecords(seed: 7, entries: [(Self.hash("1"), 10), (Self.hash("2"), 20), (Self.hash("3"), 30)])
        #expect(!Self.claim(&known, "1", 11), "another digest: read")
        #expect(!Self.claim(&known, "1", 10), "its id was met by the read before")
        #expect(Self.claim(&known, "2", 20))
        #expect(!Self.claim(&known, "2", 20), "a second copy of a known record is read")
        known.meet("3")
        #expect(!Self.claim(&known, "3", 30))
        #expect(!Self.claim(&known, "4", 30), "an id the sink does not hold")
        var empty = KnownRecords(seed: 7)
        #expect(!Self.claim(&empty, "1", 10), "no entries: nothing is known")
        let bytes = Array("{\"id\":\"1\"}".utf8)
        #expect(
            bytes.withUnsafeBytes { KnownRecords.digest(of: $0, seed: 7) } != bytes.withUnsafeBytes { KnownRecords.digest(of: $0, seed: 8) }
        )
    }

    /// Over 300 seeded lists of up to 400 operations on up to 2,000 entries (ids repeated, digests
    /// colliding): each claim answers as a model that keeps the met ids in a set.
    @Test func claimsFollowTheModel() {
        var random = SeededRandom(seed: 0x4B4E)
        var claimed = 0
        for _ in 0..<300 {
            let count = random.below(2000)
            let stored = (0..<count).map { _ in (id: String(random.below(3000)), digest: UInt64(random.below(4))) }
            var model: [String: UInt64] = [:]
            for entry in stored where model[entry.id] == nil { model[entry.id] = entry.digest }
            var unique: [(id: UInt64, digest: UInt64)] = []
            for (id, digest) in model { unique.append((Self.hash(id), digest)) }
            var known = KnownRecords(seed: 1, entries: unique)
            var met: Set<String> = []
            for _ in 0..<random.below(400) {
                let id = String(random.below(3000))
                let digest = UInt64(random.below(4))
                if random.chance(20) {
                    known.meet(id)
                } else {
                    let expected = !met.contains(id) && model[id] == digest
                    #expect(Self.claim(&known, id, digest) == expected, "\(id) \(digest)")
                    if expected { claimed += 1 }
                }
                met.insert(id)
            }
        }
        #expect(claimed > 1000)
    }

    /// Entries are found by their id hash alone, whatever bucket its top bits make: the hashes at
    /// the buckets' edges (0, 2^63, 2^64 − 1), an id held twice with two digests, and up to 20,000
    /// seeded ones — each claimed once with its digest, never with another or twice.
    @Test func entriesAreFoundInEveryBucket() {
        var random = SeededRandom(seed: 0xB0C7)
        let edges: [UInt64] = [0, 1, 1 << 62, (1 << 63) - 1, 1 << 63, UInt64.max - 1, UInt64.max]
        for count in [0, 1, 2, 3, 4, 5, 63, 64, 65, 1000, 20_000] {
            var entries: [(id: UInt64, digest: UInt64)] = []
            var seen: Set<UInt64> = []
            for index in 0..<count {
                let id = index < edges.count ? edges[index] : random.next()
                guard seen.insert(id).inserted else { continue }
                entries.append((id, random.next() & ~3))
            }
            let twice = entries.first.map { (id: $0.id, digest: $0.digest | 1) }
            let held = entries + (twice.map { [$0] } ?? [])
            var known = KnownRecords(seed: 3, entries: held.shuffled(using: &random))
            var other = KnownRecords(seed: 3, entries: held)
            #expect(known.isEmpty == entries.isEmpty)
            var answers: [Bool] = []
            for entry in entries {
                answers.append(other.claim(hash: entry.id, digest: entry.digest | 2))
                answers.append(known.claim(hash: entry.id, digest: entry.digest))
                answers.append(known.claim(hash: entry.id, digest: entry.digest))
            }
            #expect(answers == entries.flatMap { _ in [false, true, false] }, "\(count) entries")
            if let twice {
                var both = KnownRecords(seed: 3, entries: held)
                let first = both.claim(hash: twice.id, digest: twice.digest)
                let second = both.claim(hash: twice.id, digest: twice.digest & ~1)
                #expect(first && !second, "either entry of the id is claimed, then both are met")
            }
            let unknown = known.claim(hash: 12_345, digest: 0)
            #expect(!unknown)
        }
    }

    /// Lists read in about the order the entries were given, as a newer export lists an archive's
    /// records: 400 seeded lists over up to 3,000 entries (some ids held twice with two digests),
    /// each record in order kept, dropped, edited (another digest), read, preceded by new ids or
    /// by an id met before, with jumps back and ahead. Each claim answers as a model that keeps
    /// the met ids in a set, whether the id is at the entry after the last one found or not.
    @Test func listsInTheGivenOrderFollowTheModel() {
        var random = SeededRandom(seed: 0x0D3E)
        var claimed = 0
        for _ in 0..<400 {
            var given: [(id: String, digest: UInt64)] = (0..<random.below(3000)).map { ("m\($0)", UInt64(random.below(1 << 20))) }
            for _ in 0..<random.below(4) where !given.isEmpty {
                let twice = given[random.below(given.count)]
                given.insert((twice.id, twice.digest ^ 1), at: random.below(given.count + 1))
            }
            var digests: [String: Set<UInt64>] = [:]
            for entry in given { digests[entry.id, default: []].insert(entry.digest) }
            var known = KnownRecords(seed: 5, entries: given.map { (Self.hash($0.id), $0.digest) })
            var met: Set<String> = []
            func claim(_ id: String, _ digest: UInt64) {
                let expected = !met.contains(id) && digests[id]?.contains(digest) == true
                #expect(Self.claim(&known, id, digest) == expected, "\(id) \(digest)")
                if expected { claimed += 1 }
                met.insert(id)
            }
            var index = 0
            while index < given.count {
                let entry = given[index]
                switch random.below(20) {
                case 0: break
                case 1: claim(entry.id, entry.digest ^ 2)
                case 2:
                    known.meet(entry.id)
                    met.insert(entry.id)
                case 3: claim("new\(random.below(100))", entry.digest)
                case 4: claim(given[random.below(given.count)].id, entry.digest)
                case 5: index = max(-1, index - 1 - random.below(20))
                case 6: index += random.below(20)
                default: claim(entry.id, entry.digest)
                }
                index += 1
            }
        }
        #expect(claimed > 100_000)
    }
}
