import Foundation
import ParleyArchive

extension TranscriptReader {
    /// Inputs read where they lie instead of loaded whole: a Slack export folder; a zip (a Slack
    /// export or a WhatsApp chat with media, told apart by entry names), read entry by entry; an
    /// SMS backup, streamed. Returns nil for any other file, which is read into memory.
    /// - Throws: ``ImportError/unknownFormat(file:tried:)`` for a folder or zip that is neither,
    ///   else the importer's ``ImportError``.
    public func readInPlace(_ path: String, format: InputFormat?, options: ImportOptions) throws(ImportError) -> ImportResult? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
        if isFolder.boolValue {
            let names = (try? FileManager.default.subpathsOfDirectory(atPath: path)) ?? []
            if let bundled = try readBundledFolder(path, names: names, format: format) { return bundled }
            guard format == nil || format == .slack, SlackImporter.isExport(names) else {
                throw .unknownFormat(
                    file: path, tried: ["\(InputFormat.slack.displayName): a folder without users.json/channels.json and day files"])
            }
            return try SlackImporter().importFolder(path)
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        let head = (try? handle.read(upToCount: 4096)) ?? Data()
        try? handle.close()
        if ZipArchive.hasZipSignature(head) {
            return try readZip(ZipArchive(path: path, limits: options.zipLimits), format: format, options: options)
        }
        if format == .smsBackup || (format == nil && SMSBackupImporter().rejection(of: head) == nil) {
            return try SMSBackupImporter(options: options).importFile(path)
        }
        return nil
    }

    private func readZip(_ archive: ZipArchive, format: InputFormat?, options: ImportOptions) throws(ImportError) -> ImportResult? {
        let entries: [ZipEntry]
        do {
            entries = try archive.entries()
        } catch {
            throw ImportError(error)
        }
        if format == .slack || (format == nil && SlackImporter.isExport(entries.map(\.path))) {
            return try SlackImporter().importArchive(archive)
        }
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
