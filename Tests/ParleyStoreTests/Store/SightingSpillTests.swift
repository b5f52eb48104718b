import Foundation
import ParleyTestSupport
import Testing

@testable import ParleyStore

/// A fill's spilled sightings read back exactly as appended, in order, across buffer writes and
/// records cut by the read-back's chunks; the file leaves nothing in the temporary folder.
@Suite struct SightingSpillTests {
    static func text(_ random: inout SeededRandom, upTo length: Int) -> String {
        let alphabet = Array("0123456789abcdef-_: é✓🏳️‍🌈\u{0}\n")
        return String((0..<random.below(length + 1)).map { _ in alphabet[random.below(alphabet.count)] })
    }

    static func sighting(_ random: inout SeededRandom, idLength: Int = 40) -> SightingSpill.Sighting {
        let extremes: [Int64] = [0, -1, 1, .max, .min]
        func integer() -> Int64 {
            random.below(4) == 0 ? extremes[random.below(extremes.count)] : Int64(random.below(1_000_000)) - 500_000
        }
        return SightingSpill.Sighting(
            channel: integer(), id: text(&random, upTo: idLength), input: integer(), file: integer(),
            location: text(&random, upTo: 30), kept: random.below(2) == 0)
    }

    /// 30,000 seeded sightings (several MiB, so the 1 MiB buffer is written many times and the
    /// read-back's 1 MiB chunks cut records), empty and non-ASCII texts, a NUL, the extreme
    /// integers; read back twice (the file is read from its start each time), then appended to.
    @Test func sightingsReadBackAsAppendedInOrder() throws {
        var random = SeededRandom(seed: 5)
        let spill = try SightingSpill()
        var appended: [SightingSpill.Sighting] = []
        for _ in 0..<30_000 {
            let sighting = Self.sighting(&random, idLength: 120)
            try spill.append(sighting)
            appended.append(sighting)
        }
        for _ in 0..<2 {
            var read: [SightingSpill.Sighting] = []
            try spill.forEach { read.append($0) }
            #expect(read.count == 30_000)
            #expect(read == appended)
        }
        let later = Self.sighting(&random)
        try spill.append(later)
        var read: [SightingSpill.Sighting] = []
        try spill.forEach { read.append($0) }
        #expect(read == appended + [later])
    }

    /// A record longer than the buffer and the read-back's chunk (a 3 MiB id) is written and read
    /// whole, between ordinary ones.
    @Test func aRecordLongerThanABufferReadsBackWhole() throws {
        let spill = try SightingSpill()
        let long = String(repeating: "é", count: 3 << 19)
        let sightings = [
            SightingSpill.Sighting(channel: 1, id: "a", input: 1, file: 0, location: "messages[0]", kept: true),
            SightingSpill.Sighting(channel: 2, id: long, input: 1, file: 3, location: "line 2", kept: false),
            SightingSpill.Sighting(channel: 1, id: "", input: 2, file: 0, location: "", kept: true),
        ]
        for sighting in sightings { try spill.append(sighting) }
        var read: [SightingSpill.Sighting] = []
        try spill.forEach { read.append($0) }
        #expect(read == sightings)
    }

    /// Nothing is read back from a spill with no sightings; an error thrown by the body stops the
    /// read-back and is passed on.
    @Test func anEmptySpillReadsNothingAndTheBodysErrorPassesOn() throws {
        let spill = try SightingSpill()
        var count = 0
        try spill.forEach { _ in count += 1 }
        #expect(count == 0)
        for index in 0..<3 {
            try spill.append(SightingSpill.Sighting(channel: 0, id: "\(index)", input: 1, file: 0, location: "", kept: true))
        }
        let stop = StoreError.failed(path: "test", reason: "stop")
        #expect(throws: stop) {
            try spill.forEach { sighting throws(StoreError) in
                count += 1
                if sighting.id == "1" { throw stop }
            }
        }
        #expect(count == 2)
    }

    /// The file is unlinked when made, in the folder given: the folder holds no entry of it, and
    /// the spill still reads back.
    @Test func theFileIsUnlinkedInTheTemporaryFolder() throws {
        let folder = TestPaths.temporaryFolder()
        let spill = try SightingSpill(folder: folder.path)
        #expect(spill.path.hasPrefix(folder.path + "/parley-sightings-"))
        try spill.append(SightingSpill.Sighting(channel: 0, id: "x", input: 1, file: 0, location: "line 1", kept: true))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        var read: [SightingSpill.Sighting] = []
        try spill.forEach { read.append($0) }
        #expect(read.map(\.id) == ["x"])
    }

    /// A temporary folder that cannot hold the file is an error naming it, not a crash.
    @Test func aMissingTemporaryFolderIsAnError() {
        let folder = TestPaths.temporaryFolder().appendingPathComponent("missing").path
        #expect(
            throws: StoreError.failed(
                path: folder + "/parley-sightings-XXXXXX", reason: "cannot make a temporary file: No such file or directory")
        ) {
            _ = try SightingSpill(folder: folder)
        }
    }
}
