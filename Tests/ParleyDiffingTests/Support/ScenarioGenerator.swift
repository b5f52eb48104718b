import ParleyDiffing
import ParleyTestSupport

/// Generates random snapshots and random edits of them through the public snapshot API: sections and items
/// inserted, deleted and moved (within and across sections, including into empty sections), sections
/// shuffled, content versions changed, items marked for reconfigure and reload.
struct ScenarioGenerator {
    var random: SeededRandom
    private var nextItem = 0
    private var nextSection = 0

    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &random)
    }

    mutating func freshItems(_ count: Int) -> [Int] {
        defer { nextItem += count }
        return Array(nextItem..<(nextItem + count))
    }

    mutating func freshSection() -> String {
        defer { nextSection += 1 }
        return "S\(nextSection)"
    }

    mutating func versions(_ count: Int) -> [ContentVersion] {
        (0..<count).map { _ in ContentVersion(rawValue: int(0...2)) }
    }

    mutating func snapshot(maxSections: Int, maxItemsPerSection: Int) throws -> TestSnapshot {
        var snapshot = TestSnapshot()
        for _ in 0..<int(0...maxSections) {
            let section = freshSection()
            try snapshot.appendSections([section])
            let items = freshItems(int(0...maxItemsPerSection))
            try snapshot.appendItems(items, contentVersions: versions(items.count), toSection: section)
        }
        return snapshot
    }

    /// Returns `snapshot` after 0 to `maxEdits` random edits.
    mutating func edit(_ snapshot: TestSnapshot, maxEdits: Int) throws -> TestSnapshot {
        var snapshot = snapshot
        for _ in 0..<int(0...maxEdits) {
            try editOnce(&snapshot)
        }
        return snapshot
    }

    private mutating func editOnce(_ snapshot: inout TestSnapshot) throws {
        let sections = snapshot.sectionIdentifiers
        let items = snapshot.itemIdentifiers
        let section = sections.randomElement(using: &random)
        let item = items.randomElement(using: &random)
        let other = items.randomElement(using: &random)
        switch int(0...12) {
        case 0: if let section { try snapshot.deleteSections([section]) }
        case 1:
            let new = freshSection()
            if let section, int(0...1) == 0 {
                try snapshot.insertSections([new], beforeSection: section)
            } else if let section {
                try snapshot.insertSections([new], afterSection: section)
            } else {
                try snapshot.appendSections([new])
            }
        case 2:
            if let section, let anchor = sections.randomElement(using: &random) {
                if int(0...1) == 0 {
                    try snapshot.moveSection(section, beforeSection: anchor)
                } else {
                    try snapshot.moveSection(section, afterSection: anchor)
                }
            }
        case 3: try snapshot.deleteItems(Array(items.shuffled(using: &random).prefix(int(1...3))))
        case 4:
            let new = freshItems(int(1...3))
            if let item, int(0...1) == 0 {
                try snapshot.insertItems(new, contentVersions: versions(new.count), beforeItem: item)
            } else if let item {
                try snapshot.insertItems(new, contentVersions: versions(new.count), afterItem: item)
            } else if let section {
                try snapshot.appendItems(new, contentVersions: versions(new.count), toSection: section)
            }
        case 5, 6:
            if let item, let other {
                if int(0...1) == 0 {
                    try snapshot.moveItem(item, beforeItem: other)
                } else {
                    try snapshot.moveItem(item, afterItem: other)
                }
            }
        case 7:
            if let item, let section {
                let version = snapshot.contentVersion(ofItem: item)
                try snapshot.deleteItems([item])
                try snapshot.appendItems([item], contentVersions: version.map { [$0] }, toSection: section)
            }
        case 8:
            if let section {
                let shuffled = try snapshot.itemIdentifiers(inSection: section).shuffled(using: &random)
                let versions = shuffled.compactMap { snapshot.contentVersion(ofItem: $0) }
                try snapshot.deleteItems(shuffled)
                try snapshot.appendItems(shuffled, contentVersions: versions, toSection: section)
            }
        case 9, 10:
            if let item { try snapshot.updateContentVersion(ContentVersion(rawValue: int(0...3)), ofItem: item) }
        case 11: if let item { try snapshot.reconfigureItems([item]) }
        default: if let item { try snapshot.reloadItems([item]) }
        }
    }
}
