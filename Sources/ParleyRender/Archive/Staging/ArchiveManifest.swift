import Foundation

/// Which files of an archive folder Parley wrote: everything else in the folder is the user's and
/// is carried over, untouched, when the archive is replaced.
///
/// Every archive holds `.parley-manifest`: the line `parley-manifest 1`, then the path of each
/// file Parley wrote, relative to the archive root, one per line in byte order (the manifest
/// itself is not listed). An archive rendered before manifests existed (or whose manifest is not
/// one) is read by Parley's layout instead: only the files that layout can produce are Parley's —
/// `index.html`, `colors.css`, a file directly in `public/`, `c/ID/index.html`,
/// `c/ID/YYYY-MM.html`, `c/ID/YYYY-MM-pN.html` and `media/` followed by 64 lowercase hex digits
/// and an optional extension of 1–8 lowercase letters or digits. Parley writes no symbolic links,
/// so a symbolic link is never Parley's.
struct ArchiveManifest: Sendable, Equatable {
    /// The manifest's file name in the archive root.
    static let fileName = ".parley-manifest"
    /// The first line of every manifest.
    static let header = "parley-manifest 1"

    /// The files Parley wrote, relative to the archive root; nil when the archive has no manifest
    /// (its files are judged by the layout rule).
    let files: Set<String>?

    /// The manifest of `folder`, or the layout rule when it has no readable manifest.
    /// - Complexity: O(size of the manifest).
    static func read(from folder: URL) -> ArchiveManifest {
        guard let text = try? String(contentsOf: folder.appendingPathComponent(fileName), encoding: .utf8) else {
            return ArchiveManifest(files: nil)
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        guard lines.first == header else { return ArchiveManifest(files: nil) }
        lines.removeFirst()
        return ArchiveManifest(files: Set(lines))
    }

    /// The manifest's text for `files` (relative paths): the header, then the paths in byte order.
    static func text(listing files: [String]) -> String {
        ([header] + files.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }).joined(separator: "\n") + "\n"
    }

    /// Whether the regular file at `path` (relative to the archive root) is Parley's.
    /// - Complexity: O(1) expected (a set lookup, or the layout rule's O(length of `path`)).
    func isParleys(_ path: String) -> Bool {
        if path == Self.fileName { return true }
        if let files { return files.contains(path) }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        switch parts.count {
        case 1: return path == "index.html" || path == "colors.css"
        case 2 where parts[0] == "public": return !parts[1].isEmpty
        case 2 where parts[0] == "media": return Self.isMediaName(parts[1])
        case 3 where parts[0] == "c": return !parts[1].isEmpty && (parts[2] == "index.html" || Self.isPageName(parts[2]))
        case 2 where parts[0] == "search": return parts[1] == "index.js"
        case 3 where parts[0] == "search": return Self.isSearchFileName(folder: parts[1], name: parts[2])
        default: return false
        }
    }

    /// Whether the folder at `path` (relative to the archive root) may hold files of Parley's:
    /// folders that hold none are carried over whole.
    /// - Complexity: O(files listed) with a manifest, else O(length of `path`).
    func mayHoldParleysFiles(_ path: String) -> Bool {
        if let files {
            let prefix = path + "/"
            return files.contains { $0.hasPrefix(prefix) }
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return ["public", "media", "c", "search", "search/t", "search/p", "search/s"].contains(path)
            || (parts.count == 2 && parts[0] == "c")
    }

    /// `2024-03.html` or `2024-03-p2.html`.
    private static func isPageName(_ name: Substring) -> Bool {
        guard name.hasSuffix(".html") else { return false }
        let stem = name.dropLast(5).split(separator: "-", omittingEmptySubsequences: false)
        let digits = { (part: Substring) in !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } }
        guard stem.count == 2 || stem.count == 3, stem[0].count >= 4, digits(stem[0]), stem[1].count == 2, digits(stem[1]) else {
            return false
        }
        return stem.count == 2 || (stem[2].first == "p" && digits(stem[2].dropFirst()))
    }

    /// A file of the search index's folders (`docs/SEARCH-INDEX.md`): `t/` and `p/` hold 16
    /// lowercase hex digits + `.js`, `s/` a decimal number + `.js`.
    private static func isSearchFileName(folder: Substring, name: Substring) -> Bool {
        guard name.hasSuffix(".js") else { return false }
        let stem = name.dropLast(3)
        switch folder {
        case "t", "p": return stem.count == 16 && stem.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
        case "s": return !stem.isEmpty && stem.count <= 10 && stem.allSatisfy { $0.isASCII && $0.isNumber }
        default: return false
        }
    }

    /// 64 lowercase hex digits and an optional `.ext` (1–8 lowercase letters or digits).
    private static func isMediaName(_ name: Substring) -> Bool {
        let hex = name.prefix(64)
        guard hex.count == 64, hex.allSatisfy({ ("0"..."9").contains($0) || ("a"..."f").contains($0) }) else { return false }
        let rest = name.dropFirst(64)
        guard !rest.isEmpty else { return true }
        let ext = rest.dropFirst()
        return rest.first == "." && (1...8).contains(ext.count)
            && ext.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber) }
    }
}
