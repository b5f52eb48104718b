import Foundation
import ParleyArchive
import ParleyJSON

/// The files of a Slack export, read from a folder or a zip: the workspace lists and each
/// conversation's day files (`FOLDER/YYYY-MM-DD.json`), one file at a time, each streamed one
/// message at a time so that a day file cut short keeps its whole messages.
///
/// The export's root is where `channels.json` or `users.json` lies (a zip may hold it in a
/// top-level folder). Files outside that pattern (`integration_logs.json`, `canvases/`) are ignored.
struct SlackExportFiles {
    /// The list files at the root, by name (`users.json`, `channels.json`, `dms.json`, …).
    var lists: [String: Data] = [:]
    /// Day files' messages by conversation folder, each folder's days in date order.
    var days: [String: [(day: String, messages: [SlackExport.Message])]] = [:]
    /// The name used in errors.
    let name: String
    /// Messages of day files that could not be read, skipped, and day files cut short.
    private(set) var skipped: [Diagnostic] = []

    static let listNames: Set<String> = ["users.json", "channels.json", "groups.json", "dms.json", "mpims.json"]

    /// The root prefix of an export whose files are `paths`, or nil when there is no list file.
    static func root(of paths: [String]) -> String? {
        let lists = paths.filter { listNames.contains(($0 as NSString).lastPathComponent) }
        guard let shortest = lists.min(by: { $0.count < $1.count }) else { return nil }
        let folder = (shortest as NSString).deletingLastPathComponent
        return folder.isEmpty ? "" : folder + "/"
    }

    /// `(folder, day)` when `relative` is a day file such as `general/2016-01-14.json`.
    static func dayFile(_ relative: String) -> (String, String)? {
        let parts = relative.split(separator: "/")
        guard parts.count == 2, parts[1].hasSuffix(".json") else { return nil }
        let day = parts[1].dropLast(5)
        guard day.count == 10, day.enumerated().allSatisfy({ [4, 7].contains($0.offset) ? $0.element == "-" : $0.element.isNumber }) else {
            return nil
        }
        return (String(parts[0]), String(day))
    }

    init(name: String) { self.name = name }

    /// Adds one file of the export (path relative to the root); a day file is read one message
    /// at a time.
    /// A message of a day file that cannot be read is skipped and kept in ``skipped``; a day file
    /// cut short keeps the messages before the break, and the break is kept in ``skipped`` too.
    /// - Throws: ``ImportError`` for malformed JSON, or a day file that is not a list, naming the
    ///   file inside the export.
    /// - Complexity: O(bytes of the file).
    mutating func add(_ relative: String, _ data: Data) throws(ImportError) {
        if Self.listNames.contains(relative) {
            lists[relative] = data
        } else if let (folder, day) = Self.dayFile(relative) {
            let file = "\(name): \(relative)"
            var messages: [SlackExport.Message] = []
            var unreadable: [Diagnostic] = []
            let decoder = JSONValueDecoder(keyStrategy: .convertFromSnakeCase)
            let outcome = try StreamedJSON.read(.data(data), file: file, lists: ["$"]) { event in
                guard case let .record(_, path, _, value) = event,
                    let message = Lossy<SlackExport.Message>.record(value, at: path, decoder: decoder, file: file, diagnostics: &unreadable)
                else { return }
                messages.append(message)
            }
            guard case .array = outcome.envelopeRead else { throw .schema(file: file, path: "$", expected: "a value of type array") }
            skipped += outcome.diagnostics + unreadable
            days[folder, default: []].append((day, messages))
        }
    }

    /// Reads the export folder at `path`.
    static func folder(_ path: String) throws(ImportError) -> SlackExportFiles {
        var files = SlackExportFiles(name: path)
        let manager = FileManager.default
        guard let names = try? manager.subpathsOfDirectory(atPath: path) else {
            throw .unreadable(file: path, reason: "cannot list the folder")
        }
        guard let root = root(of: names) else { throw .unreadable(file: path, reason: "no users.json or channels.json in the folder") }
        for relativeToFolder in names.sorted() where relativeToFolder.hasPrefix(root) && relativeToFolder.hasSuffix(".json") {
            let relative = String(relativeToFolder.dropFirst(root.count))
            guard listNames.contains(relative) || dayFile(relative) != nil else { continue }
            let full = (path as NSString).appendingPathComponent(relativeToFolder)
            guard let data = manager.contents(atPath: full) else { throw .unreadable(file: full, reason: "cannot read the file") }
            try files.add(relative, data)
        }
        files.sortDays()
        return files
    }

    /// Reads a zipped export, one entry at a time.
    static func archive(_ archive: ZipArchive, entries: [ZipEntry]) throws(ImportError) -> SlackExportFiles {
        var files = SlackExportFiles(name: archive.name)
        guard let root = root(of: entries.map(\.path)) else {
            throw .unreadable(file: archive.name, reason: "no users.json or channels.json in the zip")
        }
        var failure: ImportError?
        do {
            try archive.forEachFile(where: { $0.path.hasPrefix(root) && $0.path.hasSuffix(".json") }) { entry, data in
                do throws(ImportError) {
                    try files.add(String(entry.path.dropFirst(root.count)), data)
                    return true
                } catch {
                    failure = error
                    return false
                }
            }
        } catch {
            throw ImportError(error)
        }
        if let failure { throw failure }
        files.sortDays()
        return files
    }

    private mutating func sortDays() {
        for key in days.keys { days[key]?.sort { $0.day < $1.day } }
    }
}
