import Foundation
import ParleyArchive
import ParleyImport

/// The files under the seed folders, read once, with their detected formats.
struct SeedFiles {
    /// One regular file found.
    struct File {
        /// Where it is.
        let url: URL
        /// Its bytes.
        let data: Data
        /// Its format as `parley render` detects it, or nil.
        let format: InputFormat?
    }

    /// Every regular file under the folders, in path order.
    let all: [File]
    /// Every folder under the folders, in path order.
    let folders: [URL]

    /// Reads every file under `folders` (a missing folder is skipped).
    init(folders roots: [URL]) {
        var files: [File] = []
        var folders: [URL] = []
        let reader = TranscriptReader()
        for root in roots {
            guard let paths = try? FileManager.default.subpathsOfDirectory(atPath: root.path) else { continue }
            for path in paths.sorted() {
                let url = root.appendingPathComponent(path)
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { continue }
                if isFolder.boolValue {
                    folders.append(url)
                } else if let data = FileManager.default.contents(atPath: url.path) {
                    files.append(File(url: url, data: data, format: try? reader.detectFormat(of: data, file: url.path)))
                }
            }
        }
        all = files
        self.folders = folders
    }

    /// The files detected as `format`.
    func files(of format: InputFormat) -> [File] {
        all.filter { $0.format == format }
    }

    /// Each Slack export found, as its files relative to the export's root: folders holding
    /// `channels.json` or `users.json`, and zips detected as Slack exports.
    func slackExports() -> [[(path: String, contents: Data)]] {
        let fromFolders = folders.filter { folder in
            ["channels.json", "users.json"].contains { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
        }.map { folder in
            all.filter { $0.url.path.hasPrefix(folder.path + "/") }.map {
                (path: String($0.url.path.dropFirst(folder.path.count + 1)), contents: $0.data)
            }
        }
        let fromZips = files(of: .slack).map { zip in
            var files: [(path: String, contents: Data)] = []
            try? ZipArchive(data: zip.data, name: zip.url.path).forEachFile(where: { $0.path.hasSuffix(".json") }) { entry, data in
                files.append((path: entry.path, contents: data))
                return true
            }
            // The export's root is the folder of its shallowest list file (a zip may wrap it in a folder).
            let lists = files.map(\.path).filter { ["channels.json", "users.json"].contains(($0 as NSString).lastPathComponent) }
            let root = lists.min { $0.count < $1.count }.map { String($0.dropLast(($0 as NSString).lastPathComponent.count)) } ?? ""
            return files.filter { $0.path.hasPrefix(root) }.map { (path: String($0.path.dropFirst(root.count)), contents: $0.contents) }
        }
        return fromFolders + fromZips
    }

    /// Each line of the injection payloads and each `formatted_body` string in the JSON files.
    func htmlFragments() -> [Data] {
        let payloads = all.filter { $0.url.lastPathComponent == "injection-payloads.txt" }.flatMap { file in
            file.data.split(separator: 0x0A).map { Data($0) }
        }
        let bodies = all.flatMap { file -> [Data] in
            guard let json = try? JSONSerialization.jsonObject(with: file.data, options: [.fragmentsAllowed]) else { return [] }
            return Self.strings(named: "formatted_body", in: json).map { Data($0.utf8) }
        }
        return bodies + payloads
    }

    /// Every string value of a key `name` anywhere inside `json`.
    private static func strings(named name: String, in json: Any) -> [String] {
        if let object = json as? [String: Any] {
            return object.flatMap { key, value in key == name ? (value as? String).map { [$0] } ?? [] : strings(named: name, in: value) }
        }
        if let array = json as? [Any] { return array.flatMap { strings(named: name, in: $0) } }
        return []
    }
}
