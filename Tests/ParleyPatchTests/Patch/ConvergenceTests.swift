import ParleyHTML
import ParleyLive
import ParleyModel
import ParleyPatch
import ParleyTestSupport
import Testing

/// The convergence invariant, on the server: applying every batch to the parsed DOM of the page
/// rendered at the first version gives exactly the parsed DOM of the page at the last version.
@Suite struct ConvergenceTests {
    typealias F = LiveFixtures

    /// 5,000 seeded sequences in 50 groups (run in parallel); each names its seed on failure.
    @Test(arguments: 0..<50)
    func randomMutationSequencesConverge(group: Int) throws {
        for seed in UInt64(group * 100)..<UInt64(group * 100 + 100) {
            let sequence = try ConvergenceSequence(seed: seed)
            let document = try HTMLDocument(page: sequence.initialPage)
            var version = 0
            for batch in sequence.batches {
                #expect(batch.base == version && batch.version == version + 1, "seed \(seed)")
                version = batch.version
                do {
                    try PatchApplier().apply(batch.operations, to: document)
                } catch {
                    Issue.record("seed \(seed): \(error) applying \(batch)")
                    break
                }
            }
            let expected = try HTMLDocument(page: sequence.finalPage).canonicalHTML(of: "transcript")
            let actual = try document.canonicalHTML(of: "transcript")
            #expect(actual == expected, "seed \(seed)")
        }
    }

    @Test func swappingFirstAndLastConvergesWithMoves() throws {
        let live = F.channel((0..<5).map { F.message("\($0)", minute: Int64($0), author: $0 % 2, text: "m\($0)") })
        let document = try live.withCurrentPage { _, sections in try HTMLDocument(page: F.page(sections)) }
        let batch = try #require(
            live.update { messages in
                let first = messages[0].timestamp, last = messages[4].timestamp
                messages[0].timestamp = last
                messages[4].timestamp = first
            })
        #expect(batch.operations.filter { $0.tag == "m" }.count == 2)
        try PatchApplier().apply(batch.operations, to: document)
        #expect(try document.childIDs(of: "d-2024-03-08") == ["m-4", "m-1", "m-2", "m-3", "m-0"])
        #expect(try document.canonicalHTML(of: "transcript") == F.canonicalPage(of: live))
    }

    @Test func theSameInsertAppliedTwiceLeavesOneElement() throws {
        let live = F.channel([F.message("1", minute: 0, author: 0, text: "a")])
        let document = try live.withCurrentPage { _, sections in try HTMLDocument(page: F.page(sections)) }
        let batch = try #require(live.update { $0.append(F.message("2", minute: 30, author: 1, text: "b")) })
        try PatchApplier().apply(batch.operations, to: document)
        try PatchApplier().apply(batch.operations.filter { $0.tag == "i" }, to: document)
        #expect(try document.childIDs(of: "d-2024-03-08") == ["m-1", "m-2"])
    }

    /// A re-sent insert of a message already on the page, with corrected content, replaces it:
    /// one element with that id, at the insert's anchor, with the new content.
    @Test func anInsertOfAnIdOnThePageReplacesItAtTheAnchor() throws {
        let live = F.channel([F.message("1", minute: 0, author: 0, text: "a")])
        let document = try live.withCurrentPage { _, sections in try HTMLDocument(page: F.page(sections)) }
        try PatchApplier().apply(
            try #require(live.update { $0.append(F.message("2", minute: 30, author: 1, text: "b")) }).operations, to: document)
        let corrected = F.channel([F.message("1", minute: 0, author: 0, text: "a")])
        let resent = try #require(corrected.update { $0.append(F.message("2", minute: 30, author: 1, text: "b, corrected")) })
        let insert = try #require(resent.operations.first { $0.tag == "i" })
        #expect(resent.operations.filter { $0.tag == "i" }.count == 1)
        try PatchApplier().apply([insert], to: document)
        #expect(try document.childIDs(of: "d-2024-03-08") == ["m-1", "m-2"])
        #expect(try document.canonicalHTML(of: "transcript") == F.canonicalPage(of: corrected))
        #expect(try document.canonicalHTML(of: "transcript").contains("b, corrected"))

        let moved = F.channel([F.message("1", minute: 0, author: 0, text: "a")])
        let first = try moved.withCurrentPage { _, sections in try HTMLDocument(page: F.page(sections)) }
        try PatchApplier().apply(
            try #require(moved.update { $0.append(F.message("2", minute: 30, author: 1, text: "b")) }).operations, to: first)
        guard case let .insert(_, parent, _, html) = insert else {
            Issue.record("not an insert: \(insert)")
            return
        }
        try PatchApplier().apply([.insert(id: "m-2", parent: parent, after: nil, html: html)], to: first)
        #expect(try first.childIDs(of: "d-2024-03-08") == ["m-2", "m-1"], "placed at the anchor named (first), once")
    }
}
