import Foundation

/// The digest of each page of an archive, as ``ChannelPlan`` computed it when the page was
/// written: `.parley-pages` in the archive root, one of Parley's files, swapped in with the pages
/// it describes, so it never describes pages the archive does not hold.
///
/// The file is the line `parley-pages 1`, then one line per page with a digest: 16 lowercase hex
/// digits, a space and the page's path relative to the archive root, in byte order of the paths.
struct PageDigests: Equatable {
    /// The file's name in the archive root.
    static let fileName = ".parley-pages"
    /// The file's first line.
    static let header = "parley-pages 1"
    /// The largest file read (a line is about 60 bytes, so over a million pages): a larger one,
    /// or one that is not a regular file, is not read, and every page is rendered.
    static let sizeLimit = 64 << 20

    /// Each page's digest, by path relative to the archive root.
    var digests: [String: UInt64] = [:]

    /// The digests the text of a `.parley-pages` file records; none for text that is not one (a
    /// line that does not read is left out: its page is rendered again).
    /// - Complexity: O(length of `text`).
    init(text: String?) {
        guard let text else { return }
        let lines = text.split(separator: "\n")
        guard lines.first == Substring(Self.header) else { return }
        for line in lines.dropFirst() {
            guard let space = line.firstIndex(of: " "), line.distance(from: line.startIndex, to: space) == 16,
                let digest = UInt64(line[..<space], radix: 16)
            else { continue }
            digests[String(line[line.index(after: space)...])] = digest
        }
    }

    /// The file's text.
    var text: String {
        let lines = digests.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map { path, digest in
            let hex = String(digest, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex + " " + path
        }
        return ([Self.header] + lines).joined(separator: "\n") + "\n"
    }
}
