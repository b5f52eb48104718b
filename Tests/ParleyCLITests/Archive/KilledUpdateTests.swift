import Foundation
import ParleyTestSupport
import ParleyWaitSupport
import Testing

/// An update killed (SIGKILL) at any point leaves the previous archive's pages as they were — or
/// the whole new archive — and the next render completes it: the store runs ahead of the pages,
/// never behind.
@Suite(.stretchedTimeLimit(minutes: 5)) struct KilledUpdateTests {
    /// An export of the messages `ids`, seven minutes apart (several month pages); with `edited`,
    /// every tenth carries an edit.
    static func export(_ ids: Range<Int>, edited: Bool) -> String {
        ArchiveUpdateTests.export(
            ids.map { id in
                (id, id * 7, edited && id % 10 == 0 ? "message \(id), edited" : "message \(id)", edited && id % 10 == 0 ? 1 : nil)
            })
    }

    /// Runs `parley render input -o archive`, killing it after `delay`; returns whether it had
    /// already finished.
    static func renderKilled(_ input: String, into archive: URL, after delay: Duration) throws -> Bool {
        let process = Process()
        process.executableURL = ParleyProcess.executable
        process.arguments = ["render", input, "-o", archive.path, "-q"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18)
        let finished = !process.isRunning
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return finished
    }

    @Test func aKilledUpdateLeavesThePreviousPagesAndTheNextRenderCompletesIt() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let older = try ArchiveUpdateTests.write(Self.export(0..<6_000, edited: false), "older.json", in: folder)
        let newer = try ArchiveUpdateTests.write(Self.export(3_000..<9_000, edited: true), "newer.json", in: folder)
        let template = folder.appendingPathComponent("template")
        #expect(try ParleyProcess.run(["render", older, "-o", template.path, "-q"]).code == 0)
        let previous = ArchiveUpdateTests.pages(template)
        let updated = folder.appendingPathComponent("updated")
        try FileManager.default.copyItem(at: template, to: updated)
        let clock = ContinuousClock()
        let start = clock.now
        #expect(try ParleyProcess.run(["render", newer, "-o", updated.path, "-q"]).code == 0)
        let duration = clock.now - start
        let expected = ArchiveUpdateTests.pages(updated)
        #expect(expected != previous)

        var random = SeededRandom(seed: 0x6B69_6C6C)
        var killedBefore = 0
        for round in 0..<10 {
            let archive = folder.appendingPathComponent("killed\(round)")
            try FileManager.default.copyItem(at: template, to: archive)
            let delay = duration * (Double(random.below(1000)) / 1000)
            let finished = try Self.renderKilled(newer, into: archive, after: delay)
            let pages = ArchiveUpdateTests.pages(archive)
            #expect(pages == previous || pages == expected, "round \(round), killed after \(delay): a mix of two archives")
            if pages == previous {
                #expect(!finished, "round \(round): a finished render shows the new pages")
                killedBefore += 1
            }
            let next = try ParleyProcess.run(["render", newer, "-o", archive.path, "-q"])
            #expect(next.code == 0, "round \(round): \(next.errors)")
            #expect(ArchiveUpdateTests.pages(archive) == expected, "round \(round): the next render completes the update")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".killed\(round)") }
            #expect(leftovers.isEmpty, "round \(round): \(leftovers)")
        }
        #expect(killedBefore > 0, "some kills fell before the swap")
    }
}
