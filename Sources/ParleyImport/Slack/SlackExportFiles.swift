import Foundation
import ParleyArchive

/// The files of a Slack export, in a folder or a zip: the workspace lists at the root, read
/// whole up front, and each conversation's day files (`FOLDER/YYYY-MM-DD.json`), listed here and
/// read one at a time by ``forEachDay(_:)``.
///
/// The export's root is where `channels.json` or `users.json` lies (a zip may hold it in a
/// top-level folder). Files outside that pattern (`integration_logs.json`, `canvases/`) are ignored.
struct SlackExportFiles {
    /// One day file: its conversation folder, its day (`2024-01-02`) and where it lies (a path
    /// in the export's folder, or a zip entry's path).
    struct Day {
        var folder: String
        var day: String
        var path: String
    }

    /// Where the export's files are.
    enum Source {
        case folder(String)
        case zip(ZipArchive)
    }

    /// The export's name, used in errors: the folder's or the zip's path.
    let name: String
    let source: Source
    /// The list files at the root, by name (`users.json`, `channels.json`, `dms.json`, …).
    private(set) var lists: [String: Data] = [:]
    /// The day files in reading order: a folder's by conversation folder then day, a zip's in
    /// archive order.
    private(set) var days: [Day] = []

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

    private init(name: String, source: Source) {
        self.name = name
        self.source = source
    }

    /// Lists the export folder at `path` and reads its list files.
    /// - Throws: ``ImportError/unreadable(file:reason:)`` when the folder cannot be listed, has no
    ///   list file, or a list file cannot be read.
    /// - Complexity: O(files in the folder + bytes of the lists).
    static func folder(_ path: String) throws(ImportError) -> SlackExportFiles {
        var files = SlackExportFiles(name: path, source: .folder(path))
        let manager = FileManager.default
        guard let names = try? manager.subpathsOfDirectory(atPath: path) else {
            throw .unreadable(file: path, reason: "cannot list the folder")
        }
        guard let root = root(of: names) else { throw .unreadable(file: path, reason: "no users.json or channels.json in the folder") }
        for relativeToFolder in names where relativeToFolder.hasPrefix(root) && relativeToFolder.hasSuffix(".json") {
            let relative = String(relativeToFolder.dropFirst(root.count))
            let full = (path as NSString).appendingPathComponent(relativeToFolder)
            if listNames.contains(relative) {
                guard let data = manager.contents(atPath: full) else { throw .unreadable(file: full, reason: "cannot read the file") }
                files.lists[relative] = data
            } else if let (folder, day) = dayFile(relative) {
                files.days.append(Day(folder: folder, day: day, path: full))
            }
        }
        files.days.sort { ($0.folder, $0.day) < ($1.folder, $1.day) }
        return files
    }

    /// Lists the zipped export whose regular files are `entries` and reads its list files (one
    /// pass over the archive, inflating only them, up to the last of them; a list the zip holds
    /// twice is its later copy).
    /// - Throws: ``ImportError`` for a damaged zip or one without a list file.
    /// - Complexity: O(archive size) read; memory for the lists.
    static func archive(_ archive: ZipArchive, entries: [ZipEntry]) throws(ImportError) -> SlackExportFiles {
        var files = SlackExportFiles(name: archive.name, source: .zip(archive))
        guard let root = root(of: entries.map(\.path)) else {
            throw .unreadable(file: archive.name, reason: "no users.json or channels.json in the zip")
        }
        var wanted: Set<String> = []
        for entry in entries where entry.path.hasPrefix(root) {
            let relative = String(entry.path.dropFirst(root.count))
            if listNames.contains(relative) {
                wanted.insert(entry.path)
            } else if let (folder, day) = dayFile(relative) {
                files.days.append(Day(folder: folder, day: day, path: entry.path))
            }
        }
        var remaining = entries.count { wanted.contains($0.path) }
        guard remaining > 0 else { return files }
        var lists: [String: Data] = [:]
        do {
            try archive.forEachFile(where: { wanted.contains($0.path) }) { entry, data in
                lists[String(entry.path.dropFirst(root.count))] = data
                remaining -= 1
                return remaining > 0
            }
        } catch {
            throw ImportError(error)
        }
        files.lists = lists
        return files
    }

    /// Reads the day files in ``days`` order, handing `body` each one and its bytes (a folder's
    /// file read a chunk at a time, a zip entry's inflated bytes); one day file's bytes are in
    /// memory at a time.
    /// - Throws: ``ImportError`` for a damaged zip (or an entry past the zip's limits), else `body`'s error.
    /// - Complexity: O(bytes of the export).
    func forEachDay(_ body: (Day, InputBytes) throws(ImportError) -> Void) throws(ImportError) {
        switch source {
        case .folder:
            for day in days { try body(day, .file(path: day.path)) }
        case let .zip(archive):
            let byPath = Dictionary(days.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
            var failure: ImportError?
            do {
                try archive.forEachFile(where: { byPath[$0.path] != nil }) { entry, data in
                    guard let day = byPath[entry.path] else { return true }
                    do throws(ImportError) {
                        try body(day, .data(data))
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
        }
    }
}
