import Foundation
import ParleyArchive

extension TranscriptReader {
    /// Exports that come as a folder or zip around one JSON file, found by the file's name:
    /// ChatGPT's export zip holds `conversations.json`; a Telegram Desktop export folder (or a
    /// zip of it) holds `result.json`.
    static let bundledExports: [(fileName: String, format: InputFormat)] = [("conversations.json", .chatGPT), ("result.json", .telegram)]

    /// The export inside the folder at `path`, when `names` (its paths) hold a bundled export's
    /// file at the top or one folder down; nil otherwise.
    /// - Throws: ``ImportError/unreadable(file:reason:)`` when that file cannot be read, else the importer's error.
    func readBundledFolder(_ path: String, names: [String], format: InputFormat?) throws(ImportError) -> ImportResult? {
        guard let (entry, found) = Self.bundledEntry(in: names, format: format) else { return nil }
        let file = URL(fileURLWithPath: path).appendingPathComponent(entry).path
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw .unreadable(file: file, reason: (error as NSError).localizedDescription)
        }
        return try read(data, file: file, format: found)
    }

    /// The export inside `archive`, when its `entries` hold a bundled export's file; nil otherwise.
    /// - Throws: ``ImportError`` for a damaged archive, else the importer's error.
    func readBundledZip(_ archive: ZipArchive, entries: [ZipEntry], format: InputFormat?) throws(ImportError) -> ImportResult? {
        guard let (entry, found) = Self.bundledEntry(in: entries.map(\.path), format: format) else { return nil }
        var data = Data()
        do {
            try archive.forEachFile(where: { $0.path == entry }) { _, bytes in
                data = bytes
                return false
            }
        } catch {
            throw ImportError(error)
        }
        return try read(data, file: "\(archive.name)/\(entry)", format: found)
    }

    /// The shallowest path among `names` whose file name is a bundled export's (at most one
    /// folder deep), with its format; `format` restricts the search to that format.
    static func bundledEntry(in names: [String], format: InputFormat?) -> (String, InputFormat)? {
        for (fileName, bundled) in bundledExports where format == nil || format == bundled {
            let matches = names.filter { name in
                let parts = name.split(separator: "/")
                return parts.last.map(String.init) == fileName && parts.count <= 2
            }
            if let shallowest = matches.min(by: { ($0.count, $0) < ($1.count, $1) }) { return (shallowest, bundled) }
        }
        return nil
    }
}
