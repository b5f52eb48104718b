import ParleyArchive

extension ImportError {
    /// The import error for a zip that libarchive could not read: a damaged archive is a syntax
    /// error at the byte where reading stopped; an entry past a ``ZipLimits`` cap is a syntax
    /// error of that entry (`ZIP: ENTRY`); one that cannot be opened is unreadable.
    init(_ error: ArchiveError) {
        switch error {
        case let .unreadable(file, reason):
            self = .unreadable(file: file, reason: "cannot open as a zip archive: \(reason)")
        case let .corrupt(file, entry, offset, reason):
            let place = entry.map { " (in \($0))" } ?? ""
            self = .syntax(file: file, offset: Int(offset), line: nil, expected: "a complete zip archive\(place); libarchive: \(reason)")
        case let .entryTooLarge(file, entry, _), let .ratioTooHigh(file, entry, _, _, _):
            self = .syntax(file: "\(file): \(entry)", offset: nil, line: nil, expected: error.expectation)
        }
    }
}
