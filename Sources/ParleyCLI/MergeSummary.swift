import ParleyImport
import ParleyModel
import ParleyRender

/// What merging overlapping inputs came to, per channel: how many messages an input brought again
/// (a copy already in an earlier input, or in the archive for `parley render`) and which copy was
/// kept — the lines a command's summary adds, and with `--verbose` one line per merged copy.
///
/// A message met in three inputs is merged twice and counted twice; two copies within one input
/// are a duplicate, reported as a warning and not counted here. Memory: O(channels).
struct MergeSummary: Equatable {
    /// One channel's merged copies.
    struct Tally: Equatable {
        /// The channel's name, as the last merged copy's input gives it.
        var name: String
        /// Copies by outcome, indexed by ``MergedCopy/Outcome/rawValue``.
        var counts = [Int](repeating: 0, count: MergedCopy.Outcome.allCases.count)
        /// Whether a first copy was the archive's, and whether one was an earlier input's.
        var fromArchive = false, fromInput = false

        var total: Int { counts.reduce(0, +) }
    }

    /// The channels listed by name in a summary without `--verbose`, those with most copies first.
    static let channelLimit = 10

    private(set) var channels: [ChannelID: Tally] = [:]

    init() {}

    /// The tally of `copies`.
    init(_ copies: [MergedCopy]) {
        for copy in copies { add(copy) }
    }

    /// Counts `copy`.
    mutating func add(_ copy: MergedCopy) {
        add(channel: copy.channel, name: copy.channelName, fromArchive: copy.first == nil, outcome: copy.outcome)
    }

    /// Counts a merged copy of a message of `channel` (named `name` by the later copy's input)
    /// whose first copy was the archive's (`fromArchive`) or an earlier input's, kept as `outcome`
    /// says: ``add(_:)`` without the copy's places, which only a log line shows.
    /// - Complexity: O(1): one lookup of the channel.
    mutating func add(channel: ChannelID, name: String, fromArchive: Bool, outcome: MergedCopy.Outcome) {
        Self.count(&channels[channel, default: Tally(name: name)], name: name, fromArchive: fromArchive, outcome: outcome)
    }

    private static func count(_ tally: inout Tally, name: String, fromArchive: Bool, outcome: MergedCopy.Outcome) {
        tally.name = name
        tally.counts[outcome.rawValue] += 1
        if fromArchive { tally.fromArchive = true } else { tally.fromInput = true }
    }

    /// The summary's lines: one per channel with merged copies, most copies first (then by name),
    /// `Merged in channel general: 20 messages already in an earlier input (1 replaced by a later
    /// edit, 19 identical).`; without `everyChannel`, the first ``channelLimit`` and one line for
    /// the rest. Nothing when no copy was merged.
    /// - Complexity: O(c log c) for c channels.
    func lines(everyChannel: Bool) -> [String] {
        let ordered = channels.sorted { a, b in
            (-a.value.total, a.value.name, a.key.rawValue) < (-b.value.total, b.value.name, b.key.rawValue)
        }.map(\.value)
        let shown = everyChannel ? ordered : Array(ordered.prefix(Self.channelLimit))
        var lines = shown.map(Self.line)
        let rest = ordered.dropFirst(shown.count)
        if !rest.isEmpty {
            lines.append(
                "Merged in \(Wording.count(rest.count, "more channel")): \(Wording.count(rest.reduce(0) { $0 + $1.total }, "message")) "
                    + "(--verbose lists every channel and message).")
        }
        return lines
    }

    /// One channel's summary line.
    private static func line(_ tally: Tally) -> String {
        let source =
            switch (tally.fromArchive, tally.fromInput) {
            case (true, true): "the archive or an earlier input"
            case (true, false): "the archive"
            default: "an earlier input"
            }
        let parts = MergedCopy.Outcome.allCases.compactMap { outcome -> String? in
            let count = tally.counts[outcome.rawValue]
            guard count > 0 else { return nil }
            switch outcome {
            case .laterEdit: return "\(count) replaced by a later edit"
            case .sameEditTime: return "\(count) replaced by a copy with the same edit time"
            case .identical: return "\(count) identical"
            case .olderIgnored: return count == 1 ? "1 older copy ignored" : "\(count) older copies ignored"
            }
        }
        return "Merged in channel \(TerminalText.escaped(tally.name)): \(Wording.count(tally.total, "message")) already in \(source) "
            + "(\(parts.joined(separator: ", ")))."
    }

    /// The `--verbose` line of `copy`, escaped for a terminal and on one line:
    /// `merged: channel general, message 42: first at a.json: messages[3], later at b.json: messages[0]; kept the later copy (later edit)`.
    static func line(_ copy: MergedCopy) -> String {
        let kept =
            switch copy.outcome {
            case .laterEdit: "kept the later copy (later edit)"
            case .sameEditTime: "kept the later copy (same edit time)"
            case .identical: "kept the first copy (identical)"
            case .olderIgnored: "kept the first copy (older copy ignored)"
            }
        let first = copy.first.map { "first at \($0)" } ?? "first in the archive"
        return TerminalText.escaped(
            "merged: channel \(copy.channelName), message \(copy.id): \(first), later at \(copy.later); \(kept)")
    }
}
