/// A media reference an archive could not use; reported, and the media is shown by name only.
public struct MediaProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// Why a reference was not used.
    public enum Reason: Equatable, Sendable {
        /// An absolute path (`/etc/passwd`, `C:\…`, `file:///…`): only paths relative to the
        /// input's folder are read.
        case absolutePath
        /// A `..` component would leave the input's folder.
        case leavesInputFolder
        /// The path is a symbolic link (or runs through one) to `target`, outside the input's folder.
        case symlinkLeavesInputFolder(target: String)
        /// No file at that path in any input folder.
        case missing
        /// The file exists but could not be read.
        case unreadable(reason: String)
        /// Media that was inside an input (an MMS part), named by an RFC 6920 `ni:` URI, is not
        /// at `path` in the archive's store.
        case notKept(path: String)
    }

    /// The reference as written in the transcript.
    public var reference: String
    /// Why the reference was not used.
    public var reason: Reason

    /// A problem with `reference`.
    public init(reference: String, reason: Reason) {
        self.reference = reference
        self.reason = reason
    }

    /// Whether the file is not in the export: not found in any input's folder, or refused because
    /// its path leaves that folder. A file that exists but cannot be read is in the export.
    public var isOutsideExport: Bool {
        switch reason {
        case .absolutePath, .leavesInputFolder, .symlinkLeavesInputFolder, .missing, .notKept: return true
        case .unreadable: return false
        }
    }

    /// The warning line, naming the reference and the reason.
    public var description: String {
        switch reason {
        case .absolutePath: return "media \"\(reference)\": refused: not a path relative to the input's folder"
        case .leavesInputFolder: return "media \"\(reference)\": refused: \"..\" would leave the input's folder"
        case let .symlinkLeavesInputFolder(target):
            return "media \"\(reference)\": refused: a symbolic link to \(target), outside the input's folder (not followed)"
        case .missing: return "media \"\(reference)\": no such file in the input"
        case let .unreadable(reason): return "media \"\(reference)\": cannot read: \(reason)"
        case let .notKept(path): return "media \"\(reference)\": the archive's store does not hold it (no \(path))"
        }
    }
}
