import Foundation
import ParleyArchive
import ParleyModel

/// Reads a Slack workspace export ("Export data"): a folder, or its `.zip` read through
/// libarchive, holding `users.json`, `channels.json` (and `groups.json`, `dms.json`,
/// `mpims.json` where present) and one folder of day files (`YYYY-MM-DD.json`) per conversation.
///
/// Both the 2016-era schema and the current one are read. Each conversation becomes a channel.
/// The lists are read first, then one day file at a time (``SlackExportReading``): `parley render`
/// hands each message to its store as it is read; the whole import gathers thread replies, spread
/// over several day files, under their parent in time order (see ``SlackThreads``).
public struct SlackImporter: Sendable {
    /// An importer (a Slack export needs no options).
    public init() {}

    /// Whether `paths` (entry or file paths) are a Slack export: a `channels.json` or
    /// `users.json` at the root and day files beside it.
    public static func isExport(_ paths: [String]) -> Bool {
        guard let root = SlackExportFiles.root(of: paths) else { return false }
        return paths.contains { $0.hasPrefix(root) && SlackExportFiles.dayFile(String($0.dropFirst(root.count))) != nil }
    }

    /// Whether `data` is a zipped Slack export. Returns nil when it is, else why not.
    public func rejection(of data: Data) -> String? {
        guard ZipArchive.hasZipSignature(data.prefix(4)) else { return "not a zip archive (a Slack export is a folder or a zip)" }
        let entries = (try? ZipArchive(data: data, name: "").entries()) ?? []
        return Self.isExport(entries.map(\.path)) ? nil : "a zip without users.json/channels.json and day files"
    }

    /// Imports a zipped export held in memory.
    /// - Throws: ``ImportError`` for a damaged zip, a missing list file or malformed JSON (naming
    ///   the file inside the export and the byte, line or field).
    public func importTranscript(_ data: Data, file: String) throws(ImportError) -> ImportResult {
        try importArchive(ZipArchive(data: data, name: file))
    }

    /// Imports a zipped export, reading one entry at a time.
    /// - Throws: as ``importTranscript(_:file:)``.
    public func importArchive(_ archive: ZipArchive) throws(ImportError) -> ImportResult {
        try SlackExportReading(files: Self.files(archive), title: Self.title(archive.name)).read(into: nil)
    }

    /// Imports the export folder at `path`.
    /// - Throws: as ``importTranscript(_:file:)``.
    public func importFolder(_ path: String) throws(ImportError) -> ImportResult {
        try SlackExportReading(files: SlackExportFiles.folder(path), title: Self.title(path)).read(into: nil)
    }

    /// Imports the export `files` (a folder or a zip), handing each message to `sink` as its day
    /// file is read, one day file at a time; the result's channels have no messages.
    /// - Throws: as ``importTranscript(_:file:)``.
    func importExport(_ files: SlackExportFiles, sink: any MessageSink) throws(ImportError) -> ImportResult {
        try SlackExportReading(files: files, title: Self.title(files.name)).read(into: sink)
    }

    /// The files of the zipped export `archive`, its lists read.
    /// - Throws: ``ImportError`` for a damaged zip or one without a list file.
    static func files(_ archive: ZipArchive, entries: [ZipEntry]? = nil) throws(ImportError) -> SlackExportFiles {
        if let entries { return try SlackExportFiles.archive(archive, entries: entries) }
        let listed: [ZipEntry]
        do {
            listed = try archive.entries()
        } catch {
            throw ImportError(error)
        }
        return try SlackExportFiles.archive(archive, entries: listed)
    }

    static func title(_ path: String) -> String {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return name.isEmpty ? "Slack export" : name
    }
}
