import Foundation
import ParleyArchive

extension TranscriptReader {
    /// An input ``readInPlace(_:format:options:)`` reads where it lies, as found at its path.
    enum InPlaceInput {
        /// A Slack export, folder or zip, its lists read.
        case slack(SlackExportFiles)
        /// A folder holding a bundled export's file (``bundledExports``), with its paths.
        case bundledFolder(path: String, names: [String])
        /// A folder of DiscordChatExporter exports, one channel a file.
        case discordFolder(DiscordExportFolder)
        /// A zip that is not a Slack export, with its entries.
        case zip(ZipArchive, entries: [ZipEntry])
        /// An SMS Backup & Restore file.
        case smsBackup(path: String)
    }

    /// Inputs read where they lie instead of loaded whole: a Slack export folder; a zip (a Slack
    /// export or a WhatsApp chat with media, told apart by entry names), read entry by entry; an
    /// SMS backup, streamed. Returns nil for any other file, which is read into memory.
    /// - Throws: ``ImportError/unknownFormat(file:tried:)`` for a folder or zip that is neither,
    ///   else the importer's ``ImportError``.
    public func readInPlace(_ path: String, format: InputFormat?, options: ImportOptions) throws(ImportError) -> ImportResult? {
        guard let input = try inPlaceInput(path, format: format, options: options) else { return nil }
        return try readInPlace(input, format: format, options: options)
    }

    /// What lies at `path` when it is read in place, told apart as
    /// ``readInPlace(_:format:options:)`` does: a folder holding a bundled export's file is that
    /// export, one holding Slack's lists and day files a Slack export, one holding
    /// DiscordChatExporter `.json` exports a folder of them; a zip whose entries are a Slack export is one, any
    /// other zip is looked into later; nil for a file that is neither a zip nor an SMS backup.
    /// - Throws: ``ImportError/unknownFormat(file:tried:)`` for a folder that is no export;
    ///   ``ImportError`` for a damaged zip, or a Slack export whose lists cannot be read.
    /// - Complexity: a folder listed, a zip's entries read once (twice for a Slack export's lists).
    func inPlaceInput(_ path: String, format: InputFormat?, options: ImportOptions) throws(ImportError) -> InPlaceInput? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
        if isFolder.boolValue {
            let names = (try? FileManager.default.subpathsOfDirectory(atPath: path)) ?? []
            if Self.bundledEntry(in: names, format: format) != nil { return .bundledFolder(path: path, names: names) }
            if format == nil || format == .slack, SlackImporter.isExport(names) { return .slack(try SlackExportFiles.folder(path)) }
            if format == nil || format == .discordChatExporter, let folder = DiscordExportFolder(path: path, names: names) {
                return .discordFolder(folder)
            }
            var tried: [String] = []
            if format == nil || format == .slack {
                tried.append("\(InputFormat.slack.displayName): a folder without users.json/channels.json and day files")
            }
            if format == nil || format == .discordChatExporter {
                tried.append("\(InputFormat.discordChatExporter.displayName): a folder without DiscordChatExporter .json exports")
            }
            throw .unknownFormat(file: path, tried: tried)
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        let head = (try? handle.read(upToCount: 4096)) ?? Data()
        try? handle.close()
        if ZipArchive.hasZipSignature(head) {
            let archive = ZipArchive(path: path, limits: options.zipLimits)
            let entries: [ZipEntry]
            do {
                entries = try archive.entries()
            } catch {
                throw ImportError(error)
            }
            if format == .slack || (format == nil && SlackImporter.isExport(entries.map(\.path))) {
                return .slack(try SlackImporter.files(archive, entries: entries))
            }
            return .zip(archive, entries: entries)
        }
        if format == .smsBackup || (format == nil && SMSBackupImporter().rejection(of: head) == nil) { return .smsBackup(path: path) }
        return nil
    }

    /// Reads `input` whole (a Slack export's day files one at a time, its messages kept).
    /// - Throws: the importer's ``ImportError``.
    func readInPlace(_ input: InPlaceInput, format: InputFormat?, options: ImportOptions) throws(ImportError) -> ImportResult? {
        switch input {
        case let .slack(files): return try SlackExportReading(files: files, title: SlackImporter.title(files.name)).read(into: nil)
        case let .bundledFolder(path, names): return try readBundledFolder(path, names: names, format: format)
        case let .discordFolder(folder): return try folder.read(sink: nil)
        case let .zip(archive, entries): return try readZip(archive, entries: entries, format: format, options: options)
        case let .smsBackup(path): return try SMSBackupImporter(options: options).importFile(path)
        }
    }

    /// Reads the zip `archive` (not a Slack export) whose regular files are `entries`.
    private func readZip(
        _ archive: ZipArchive, entries: [ZipEntry], format: InputFormat?, options: ImportOptions
    ) throws(ImportError) -> ImportResult? {
        if let bundled = try readBundledZip(archive, entries: entries, format: format) { return bundled }
        if format == .whatsApp || (format == nil && WhatsAppArchive.chatEntry(in: entries) != nil) {
            return try WhatsAppImporter(options: options).importArchive(archive)
        }
        guard format == nil else { return nil }
        throw .unknownFormat(
            file: archive.name,
            tried: [
                "\(InputFormat.slack.displayName): no users.json/channels.json and day files in the zip",
                "\(InputFormat.whatsApp.displayName): no chat .txt in the zip",
                "\(InputFormat.chatGPT.displayName): no conversations.json in the zip",
                "\(InputFormat.telegram.displayName): no result.json in the zip",
            ])
    }
}
