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
}
