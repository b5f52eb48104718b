import Foundation
import ParleyImport

/// One fuzz target: a parse entry point that must survive any bytes, and where its seeds come from.
///
/// A target returns normally for every input, whether the input is accepted or refused with a
/// typed error; a trap, a sanitizer report, a timeout or running out of memory is a finding.
struct FuzzTarget: Sendable {
    /// The name given on the command line (`ParleyFuzz NAME …`) and used for artifacts.
    let name: String
    /// The inputs a run starts from.
    let seeds: FuzzSeeds
    /// Feeds one input to the entry point.
    let run: @Sendable (Data) -> Void

    /// A target that feeds inputs to `run`.
    init(_ name: String, seeds: FuzzSeeds, run: @escaping @Sendable (Data) -> Void) {
        self.name = name
        self.seeds = seeds
        self.run = run
    }

    /// A target that imports each input as `format` through ``TranscriptReader`` (as
    /// `parley render --format` does with a file held in memory), then writes the accepted
    /// transcript as Parley JSON Lines (as `parley convert` does).
    /// Its seeds are the files of that format, unless `seeds` says otherwise.
    static func importer(_ name: String, _ format: InputFormat, seeds: FuzzSeeds? = nil) -> FuzzTarget {
        FuzzTarget(name, seeds: seeds ?? .files(format)) { data in
            guard let result = try? TranscriptReader().read(data, file: "fuzz", format: format) else { return }
            _ = try? ParleyJSONLWriter().encode(result.transcript, policy: result.groupingPolicy, channelPolicies: result.channelPolicies)
        }
    }

    /// The target called `name`, or nil.
    static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }
}
