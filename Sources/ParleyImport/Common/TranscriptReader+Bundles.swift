import Foundation
import ParleyArchive

extension TranscriptReader {
    /// Exports that come as a folder or zip around one JSON file, found by the file's name:
    /// ChatGPT's export zip holds `conversations.json`; a Telegram Desktop export folder (or a
    /// zip of it) holds `result.json`.
    static let bundledExports: [(fileName: String, format: InputFormat)] = [("conversations.json", .chatGPT), ("result.json", .telegram)]

    /// The export inside the folder at `path`, when `names` (its paths) hold a bundled export's
    /// file at the top or one folder down; nil otherwise. The file is streamed, never read whole.
    /// - Throws: ``ImportError/unreadable(file:reason:)`` when that file cannot be read, else the importer's error.
    func readBundledFolder(_ path: String, names: [String], format: InputFormat?) throws(ImportError) -> ImportResult? {
        guard let (entry, found) = Self.bundledEntry(in: names, format: format) else { return nil }
        let file = URL(fileURLWithPath: path).appendingPathComponent(entry).path
        return try importStreamed(StreamedInput(bytes: .file(path: file), file: file, format: found), sink: nil)
    }

    /// The export inside `archive`, when its `entries` hold a bundled export's file; nil
    /// otherwise. The entry is inflated and parsed a block at a time, never held whole.
    /// - Throws: ``ImportError`` for a damaged archive or an entry past its limits, else the importer's error.
    func readBundledZip(_ archive: ZipArchive, entries: [ZipEntry], format: InputFormat?) throws(ImportError) -> ImportResult? {
        guard let input = bundledInput(archive, entries: entries.map(\.path), format: format) else { return nil }
        return try importStreamed(input, sink: nil)
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
