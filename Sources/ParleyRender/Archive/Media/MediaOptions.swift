import Foundation

/// How `parley render` treats referenced media: the mode, and the folders local paths are
/// relative to (each input file's folder, in input order).
public struct MediaOptions: Sendable {
    /// Copy, link or only name local media.
    public var mode: MediaMode
    /// Folders a relative media path is looked up in, first match wins. A path must stay inside
    /// the folder it is found in.
    public var inputFolders: [URL]

    /// Options for `mode` (``MediaMode/link`` by default), reading relative paths in `inputFolders`.
    public init(mode: MediaMode = .link, inputFolders: [URL] = []) {
        self.mode = mode
        self.inputFolders = inputFolders
    }
}
