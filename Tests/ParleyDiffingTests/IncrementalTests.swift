import ParleyDiffing
import Testing

@Suite("Incremental updates")
struct IncrementalTests {
    @Test("appending and reconfiguring gives the changeset of a full diff", arguments: 0..<4)
    func equivalence(batch: Int) throws {
        for index in 0..<500 {
            let seed = UInt64(100_000 + batch * 500 + index)
            var generator = ScenarioGenerator(seed: seed)
            var before = try generator.snapshot(maxSections: 4, maxItemsPerSection: 10)
            guard let last = before.sectionIdentifiers.last else { continue }
            let section =
                generator.int(0...1) == 0 ? nil : before.sectionIdentifiers.randomElement(using: &generator.random)
            let appended = generator.freshItems(generator.int(0...3))
            let versions = generator.versions(appended.count)
            let candidates = before.itemIdentifiers + appended
            let updates = (0..<generator.int(0...4)).compactMap { _ in
                candidates.randomElement(using: &generator.random).map {
                    ItemUpdate(item: $0, contentVersion: ContentVersion(rawValue: generator.int(0...2)))
                }
            }
            var after = before
            try after.appendItems(appended, contentVersions: versions, toSection: section ?? last)
            for update in updates { try after.updateContentVersion(update.contentVersion, ofItem: update.item) }
            try after.reconfigureItems(updates.map(\.item))
            let expected = Changeset(from: before, to: after)
            let incremental = try before.update(
                appending: appended, contentVersions: versions, toSection: section, reconfiguring: updates)
            #expect(incremental == expected, "seed \(seed)\nincremental: \(incremental)\nfull: \(expected)")
            #expect(before == after, "seed \(seed)")
            #expect(before.reconfiguredItemIdentifiers.isEmpty)
        }
    }

    @Test("streaming tokens into the last message")
    func streaming() throws {
        var snapshot = try ReferenceModel.snapshot(["day1": [1, 2], "day2": [3]])
        let first = try snapshot.update(appending: [4], contentVersions: [ContentVersion(rawValue: 1)])
        #expect(first.description == "Changeset (1 operations)\n  insert item 4@v1 in day2 after 3")
        let token = try snapshot.update(
            appending: [], reconfiguring: [ItemUpdate(item: 4, contentVersion: ContentVersion(rawValue: 2))])
        #expect(
            token == Changeset(reconfiguredItems: [ItemUpdate(item: 4, contentVersion: ContentVersion(rawValue: 2))]))
        #expect(try snapshot.itemIdentifiers(inSection: "day2") == [3, 4])
        #expect(snapshot.contentVersion(ofItem: 4) == ContentVersion(rawValue: 2))
    }
}
