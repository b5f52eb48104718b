import ParleyRender

/// The warnings `parley render` prints about the media an archive could not use: every refused or
/// unreadable reference on a line of its own (each may be a hostile path), and the references not
/// found in the input summed up on one line — naming the first, every one with
/// `--verbose`, the count alone with `--quiet`.
struct MediaReport: Equatable {
    /// How much of the not-found list a summary shows.
    enum Detail: Equatable {
        /// The count only (`-q`).
        case count
        /// The count and the first reference (the default).
        case first
        /// The count, then every reference (`-v`).
        case every
    }

    /// The problems, in the order the archive met them.
    var problems: [MediaProblem]

    /// The warning lines, without the `parley: warning: ` prefix: the refused and unreadable
    /// references in order, then the summary of those not found (none when every file was found).
    func lines(_ detail: Detail) -> [String] {
        let missing = problems.filter { $0.reason == .missing }
        var lines = problems.filter { $0.reason != .missing }.map(\.description)
        guard let first = missing.first else { return lines }
        let count = Wording.count(missing.count, "media file") + " not found in the input"
        switch detail {
        case .count: lines.append(count + ".")
        case .first where missing.count == 1: lines.append(count + ": \"\(first.reference)\"")
        case .first: lines.append(count + "; the first: \"\(first.reference)\" (--verbose lists every one)")
        case .every: lines += [count + ":"] + missing.map(\.description)
        }
        return lines
    }
}
