import ParleyHTML
import ParleyLive
import ParleyPatch

/// One seeded run of the live pipeline: the page at the first version, the batches produced by
/// random mutations, and the page at the last version. Shared by the server-side convergence
/// test and the fixtures of the browser suite.
public struct ConvergenceSequence {
    public let seed: UInt64
    public let initialPage: SafeHTML
    public let batches: [PatchBatch]
    public let finalPage: SafeHTML
    public let channel: LiveChannel

    /// Runs the mutations of `seed`: 1–5 steps of ``MutationGenerator``, some with a window of 12.
    public init(seed: UInt64) throws {
        var generator = MutationGenerator(seed: seed)
        let live = LiveFixtures.channel(generator.initialMessages(), window: seed % 3 == 0 ? 12 : 500)
        initialPage = live.withCurrentPage { _, sections in LiveFixtures.page(sections) }
        var batches: [PatchBatch] = []
        for _ in 0..<(1 + generator.random.below(5)) {
            for mutation in generator.step(live.messages) {
                if let batch = live.update(mutation) { batches.append(batch) }
            }
        }
        self.seed = seed
        self.batches = batches
        self.channel = live
        finalPage = live.withCurrentPage { _, sections in LiveFixtures.page(sections) }
    }
}
