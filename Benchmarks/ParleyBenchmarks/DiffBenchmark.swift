import ParleyDiffing
import ParleyTestSupport

/// Compares ParleyDiffing's full diff with the standard library's `CollectionDifference` on identical seeded
/// data, checks its move count against the minimum, and times the incremental live-chat path; prints
/// markdown tables. Release builds only: debug timings mean nothing.
///
/// Scenario on n items (integer identifiers, one section): remove 10 %, insert 10 % at random places, swap
/// 2 % of pairs, change 1 % of content versions. Same-process contenders as in DifferenceKit's benchmark.
enum DiffBenchmark {
    typealias Snapshot = DiffableDataSourceSnapshot<Int, Int>

    /// Runs every scenario and prints the tables.
    static func run() {
        print("## Full diff: remove 10 %, insert 10 %, swap 2 % of pairs, change 1 % of content versions\n")
        print(
            "| items | ParleyDiffing (ms) | CollectionDifference (ms) | ratio | moves | minimum moves | CollectionDifference moves |"
        )
        print("|---:|---:|---:|---:|---:|---:|---:|")
        for (count, runs, baselineRuns) in [(1_000, 101, 5), (10_000, 51, 1), (100_000, 21, 1)] {
            fullDiffRow(count: count, runs: runs, baselineRuns: baselineRuns)
        }
        print("\n## Incremental: append one item and reconfigure the last, on 100,000 items\n")
        print("| path | median (ms) | runs |")
        print("|---|---:|---:|")
        incrementalRows(count: 100_000, runs: 2_001)
        print("\n## Build and diff: two snapshots of 100,000 items built in this module, then diffed (same scenario)\n")
        print("| step | median (ms) | per item (ns) | runs |")
        print("|---|---:|---:|---:|")
        buildAndDiffRows(count: 100_000, runs: 21)
    }

    private static func fullDiffRow(count: Int, runs: Int, baselineRuns: Int) {
        var random = SeededRandom(seed: UInt64(count))
        let (old, new) = scenario(count: count, random: &random)
        let oldSnapshot = snapshot(old.items, versions: old.versions)
        let newSnapshot = snapshot(new.items, versions: new.versions)
        var changeset = Changeset<Int, Int>()
        let ours = median(runs: runs) { changeset = Changeset(from: oldSnapshot, to: newSnapshot) }
        var difference = new.items.difference(from: old.items)
        let baseline = median(runs: baselineRuns) {
            difference = new.items.difference(from: old.items).inferringMoves()
        }
        let baselineMoves = difference.removals.count { if case .remove(_, _, .some) = $0 { true } else { false } }
        let oldIndex = Dictionary(uniqueKeysWithValues: old.items.enumerated().map { ($1, $0) })
        let survivors = new.items.compactMap { oldIndex[$0] }
        let minimum = survivors.count - longestIncreasingSubsequenceLength(survivors)
        print(
            "| \(count) | \(format(ours)) | \(format(baseline)) | \(format(baseline / ours, decimals: 0))× "
                + "| \(changeset.itemMovesWithinSections) | \(minimum) | \(baselineMoves) |")
    }

    private static func incrementalRows(count: Int, runs: Int) {
        var snapshot = snapshot(Array(0..<count), versions: Array(repeating: .initial, count: count))
        var next = count
        let direct = median(runs: runs) {
            let update = ItemUpdate(item: next - 1, contentVersion: ContentVersion(rawValue: next))
            _ = try? snapshot.update(appending: [next], reconfiguring: [update])
            next += 1
        }
        print(
            "| `DiffableDataSourceSnapshot.update(appending:reconfiguring:)` | \(format(direct, decimals: 4)) | \(runs) |"
        )
        let dataSource = DiffableDataSource<Int, Int, Int>(target: NullTarget()) { _, item in item }
        dataSource.applySnapshotUsingReloadData(snapshot, commitAlongsideUpdates: {})
        snapshot = Snapshot()
        let viaDataSource = median(runs: runs) {
            let update = ItemUpdate(item: next - 1, contentVersion: ContentVersion(rawValue: next))
            dataSource.apply(appending: [next], reconfiguring: [update], commitAlongsideUpdates: {})
            next += 1
        }
        print(
            "| `DiffableDataSource.apply(appending:reconfiguring:)` | \(format(viaDataSource, decimals: 4)) | \(runs) |"
        )
    }

    static func snapshot(_ items: [Int], versions: [ContentVersion]) -> Snapshot {
        var snapshot = Snapshot()
        try? snapshot.appendSections([0])
        try? snapshot.appendItems(items, contentVersions: versions)
        return snapshot
    }

    private static func median(runs: Int, _ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        return median((0..<runs).map { _ in milliseconds(clock.measure(body)) })
    }

    static func median(_ times: [Double]) -> Double {
        times.sorted()[times.count / 2]
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
    }

    static func format(_ value: Double, decimals: Int = 2) -> String {
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((value * Double(scale)).rounded())
        guard decimals > 0 else { return "\(scaled)" }
        let fraction = String(scaled % scale)
        return "\(scaled / scale)." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
}

extension DiffBenchmark {
    /// Old and new item lists with their content versions, for one scenario.
    struct Side {
        var items: [Int]
        var versions: [ContentVersion]
    }

    static func scenario(count: Int, random: inout SeededRandom) -> (old: Side, new: Side) {
        let old = Side(items: Array(0..<count), versions: Array(repeating: .initial, count: count))
        var new = old
        for _ in 0..<(count / 10) {
            let index = Int(random.next() % UInt64(new.items.count))
            new.items.remove(at: index)
            new.versions.remove(at: index)
        }
        for item in count..<(count + count / 10) {
            let index = Int(random.next() % UInt64(new.items.count + 1))
            new.items.insert(item, at: index)
            new.versions.insert(.initial, at: index)
        }
        for _ in 0..<(count / 50) {
            let first = Int(random.next() % UInt64(new.items.count))
            let second = Int(random.next() % UInt64(new.items.count))
            new.items.swapAt(first, second)
            new.versions.swapAt(first, second)
        }
        for _ in 0..<(count / 100) {
            new.versions[Int(random.next() % UInt64(new.items.count))] = ContentVersion(rawValue: 1)
        }
        return (old, new)
    }

    /// The length of a longest strictly increasing subsequence, by patience sorting (tails only).
    private static func longestIncreasingSubsequenceLength(_ values: [Int]) -> Int {
        var tails: [Int] = []
        for value in values {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if tails[middle] < value { low = middle + 1 } else { high = middle }
            }
            if low == tails.count { tails.append(value) } else { tails[low] = value }
        }
        return tails.count
    }

    /// A target that discards what it receives, so the incremental row measures the data source alone.
    private struct NullTarget: DiffableDataSourceTarget {
        func performUpdates(_ changeset: Changeset<Int, Int>, fragments: [Int: Int], animatingDifferences: Bool) {}
        func reloadData(_ snapshot: DiffableDataSourceSnapshot<Int, Int>, fragments: [[Int]]) {}
    }
}
