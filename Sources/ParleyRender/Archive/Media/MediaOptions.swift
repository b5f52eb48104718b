import Foundation
import ParleyArchive

/// How `parley render` treats referenced media: the mode, and where local paths are looked up
/// (each input file's folder, and the entries of each zip input, in input order).
public struct MediaOptions: Sendable {
    /// Copy, link or only name local media.
    public var mode: MediaMode
    /// Folders a relative media path is looked up in, first match wins. A path must stay inside
    /// the folder it is found in.
    public var inputFolders: [URL]
    /// Zip inputs (a WhatsApp chat with its media, a ChatGPT export) whose entries a relative
    /// media path names, looked up after the folders: such a file is copied into `media/` in
    /// modes ``MediaMode/copy`` and ``MediaMode/link`` (a file inside a zip cannot be linked to).
    /// The folder around a zip is never searched for it.
    public var inputZips: [ZipArchive]
    /// Whether pages show remote media inline (`--allow-remote-media`), loading it from its hosts
    /// when the archive is opened; off by default (``MediaLinks/allowsRemote``).
    public var allowsRemote = false
    /// The archive store's folder of media that was inside an input (an SMS backup's MMS parts,
    /// `DIR/.parley/media/`), each file named by the hex SHA-256 an RFC 6920 `ni:` reference
    /// gives: such a file is copied into `media/` in modes ``MediaMode/copy`` and
    /// ``MediaMode/link`` (nothing outside the archive holds it). Nil: `ni:` references are not resolved.
    public var keptMedia: URL?

    /// Options for `mode` (``MediaMode/link`` by default), reading relative paths in
    /// `inputFolders`, then in the entries of `inputZips`.
    public init(mode: MediaMode = .link, inputFolders: [URL] = [], inputZips: [ZipArchive] = []) {
        self.mode = mode
        self.inputFolders = inputFolders
        self.inputZips = inputZips
    }
}
