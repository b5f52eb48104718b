import Dispatch
import ParleyDiffing
import Testing

@Suite("Data source serialization")
struct DataSourceSerializationTests {
    typealias DataSource = DiffableDataSource<String, Int, String>

    @Test("concurrent callers: applies never overlap and each is diffed against the one before")
    func concurrentCallers() async throws {
        let target = RecordingTarget()
        let commits = EventLog()
        let dataSource = DataSource(target: target) { _, item in "#\(item)" }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for caller in 0..<4 {
                group.addTask {
                    var generator = ScenarioGenerator(seed: UInt64(caller))
                    for step in 0..<25 {
                        let snapshot = try generator.snapshot(maxSections: 3, maxItemsPerSection: 8)
                        if step.isMultiple(of: 5) {
                            await dataSource.applySnapshotUsingReloadData(snapshot) { commits.append("\(caller)") }
                        } else {
                            await dataSource.apply(snapshot) { commits.append("\(caller)") }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(target.failures.isEmpty)
        #expect(target.events.count == 100)
        #expect(commits.all.count == 100)
        #expect(target.mirror == dataSource.snapshot)
    }

    @Test("applies queued behind a running one run afterwards, in the order they were issued")
    func issueOrder() throws {
        let target = RecordingTarget()
        let log = EventLog()
        let dataSource = DataSource(target: target) { _, item in "#\(item)" }
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let first = try ReferenceModel.snapshot(["A": [1]])
        DispatchQueue.global().async {
            dataSource.apply(
                first,
                commitAlongsideUpdates: {
                    log.append("commit 1")
                    started.signal()
                    release.wait()
                }, completion: { finished.signal() })
        }
        started.wait()
        let second = try ReferenceModel.snapshot(["A": [1, 2]])
        dataSource.apply(second, commitAlongsideUpdates: { log.append("commit 2") }, completion: { finished.signal() })
        dataSource.apply(
            appending: [3], commitAlongsideUpdates: { log.append("commit 3") }, completion: { _ in finished.signal() })
        dataSource.applySnapshotUsingReloadData(
            first, commitAlongsideUpdates: { log.append("commit 4") }, completion: { finished.signal() })
        #expect(log.all == ["commit 1"])
        release.signal()
        for _ in 0..<4 { finished.wait() }
        #expect(log.all == ["commit 1", "commit 2", "commit 3", "commit 4"])
        #expect(target.events.count == 4)
        #expect(target.failures.isEmpty)
        #expect(dataSource.snapshot == first)
    }

    @Test("an apply issued from inside an apply is queued behind it, without deadlock")
    func reentrantApply() async throws {
        let target = RecordingTarget()
        let log = EventLog()
        let dataSource = DataSource(target: target) { _, item in "#\(item)" }
        let outer = try ReferenceModel.snapshot(["A": [1]])
        let inner = try ReferenceModel.snapshot(["A": [1, 2]])
        await withCheckedContinuation { continuation in
            dataSource.apply(
                outer,
                commitAlongsideUpdates: {
                    log.append("outer commit, snapshot \(dataSource.snapshot?.itemIdentifiers ?? [])")
                    dataSource.apply(inner, commitAlongsideUpdates: { log.append("inner commit") }) {
                        continuation.resume()
                    }
                    log.append("outer commit returns")
                })
        }
        #expect(log.all == ["outer commit, snapshot [1]", "outer commit returns", "inner commit"])
        #expect(target.mirror == inner)
    }
}
