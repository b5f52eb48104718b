import Foundation
import ParleyImport

/// A Slack export folder written from one fuzz input, so the folder reader, the list files and
/// the day files are all fuzzed through ``SlackImporter/importFolder(_:)``.
///
/// An input is a bundle of files separated by NUL bytes (which valid JSON never holds); each file
/// is its path relative to the export's root, a line break, then its bytes — for example
/// `channels.json\n[…]` `\0` `users.json\n[…]` `\0` `general/2016-01-14.json\n[…]`. Paths of one
/// or two parts made of `A-Z a-z 0-9 . _ -` (not starting with a dot) are written; others are skipped.
struct SlackFolder: Sendable {
    /// The folder rewritten for each input: one per process, under `TMPDIR`.
    static let scratch = SlackFolder(
        root: URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("parley-fuzz-slack-\(getpid())"))

    /// Where the export is written.
    let root: URL

    /// Writes `bundle` as an export folder and imports it, then writes the accepted transcript
    /// as Parley JSON Lines.
    func importExport(_ bundle: Data) {
        let manager = FileManager.default
        try? manager.removeItem(at: root)
        guard (try? manager.createDirectory(at: root, withIntermediateDirectories: true)) != nil else { return }
        for file in bundle.split(separator: 0) {
            let pathEnd = file.firstIndex(of: 0x0A) ?? file.endIndex
            guard let path = Self.safePath(file[file.startIndex..<pathEnd]) else { continue }
            let url = root.appendingPathComponent(path)
            try? manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? file[min(pathEnd + 1, file.endIndex)...].write(to: url)
        }
        guard let result = try? SlackImporter().importFolder(root.path) else { return }
        _ = try? ParleyJSONLWriter().encode(result.transcript, policy: result.groupingPolicy)
    }

    /// The input format of ``importExport(_:)`` for `files` (paths relative to the export's root).
    static func bundle(_ files: [(path: String, contents: Data)]) -> Data {
        var bundle = Data()
        for (index, file) in files.enumerated() {
            if index > 0 { bundle.append(0) }
            bundle.append(contentsOf: Array(file.path.utf8) + [0x0A])
            bundle.append(file.contents)
        }
        return bundle
    }

    /// `bytes` as a relative path inside the folder, or nil when it could leave it or is not one or two plain names.
    private static func safePath(_ bytes: Data) -> String? {
        let parts = bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), bytes.count <= 100 else { return nil }
        let plain = parts.allSatisfy { part in
            part.first != UInt8(ascii: ".")
                && !part.isEmpty
                && part.allSatisfy { byte in
                    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                        || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
                }
        }
        return plain ? String(decoding: bytes, as: UTF8.self) : nil
    }
}
