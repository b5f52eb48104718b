import ParleyDiffing
import ParleyTestSupport

extension DiffBenchmark {
    /// Times what an application does with ParleyDiffing from its own module: build two snapshots of `count`
    /// items (`appendSections`, then `appendItems` with content versions) and diff them, on the full-diff
    /// scenario. Prints one row per step, each the median over the same runs; per item is per item built
    /// (both snapshots) for the build and per new item for the diff.
    static func buildAndDiffRows(count: Int, runs: Int) {
        var random = SeededRandom(seed: UInt64(count))
        let (old, new) = scenario(count: count, random: &random)
        let clock = ContinuousClock()
        var builds: [Double] = []
        var diffs: [Double] = []
        var totals: [Double] = []
        var changeset = Changeset<Int, Int>()
        for _ in 0..<runs {
            var oldSnapshot = Snapshot()
            var newSnapshot = Snapshot()
            let build = clock.measure {
                oldSnapshot = snapshot(old.items, versions: old.versions)
                newSnapshot = snapshot(new.items, versions: new.versions)
            }
            let diff = clock.measure { changeset = Changeset(from: oldSnapshot, to: newSnapshot) }
            builds.append(milliseconds(build))
            diffs.append(milliseconds(diff))
            totals.append(milliseconds(build) + milliseconds(diff))
        }
        let built = Double(old.items.count + new.items.count)
        let operations =
            "\(changeset.itemInserts) inserts, \(changeset.itemMovesWithinSections) moves, "
            + "\(changeset.deletedItems.count) deletes, \(changeset.reconfiguredItems.count) reconfigures"
        row("build both snapshots (`appendSections`, `appendItems` with content versions)", builds, per: built, runs)
        row("diff (`Changeset(from:to:)`: \(operations))", diffs, per: Double(new.items.count), runs)
        row("build + diff", totals, per: Double(new.items.count), runs)
    }

    private static func row(_ step: String, _ times: [Double], per items: Double, _ runs: Int) {
        let time = median(times)
        print("| \(step) | \(format(time)) | \(format(time * 1e6 / items, decimals: 0)) | \(runs) |")
    }
}
