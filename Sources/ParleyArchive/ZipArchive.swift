import CArchive
import Foundation

/// A zip archive on disk or in memory, read entry by entry through libarchive (Debian
/// `libarchive-dev`); this module is the only one that sees libarchive.
///
/// Reading streams: one entry's bytes are in memory at a time, so a large export costs the
/// size of its largest entry, not of the archive, and never more than ``limits`` allow (a zip
/// bomb stops at the cap, counted as the bytes inflate). Only regular files are listed; folders,
/// links and other entry types are skipped.
public struct ZipArchive: Sendable {
    /// Where the archive's bytes come from.
    public enum Source: Sendable {
        /// A zip file on disk, read in 64 KiB blocks.
        case file(path: String)
        /// A zip held in memory.
        case memory(Data)
    }

    /// The archive's bytes.
    public let source: Source
    /// The name used in errors (the file's path).
    public let name: String
    /// How much one entry may inflate to when it is read.
    public let limits: ZipLimits

    /// An archive read from the file at `path`, its entries read within `limits`.
    public init(path: String, limits: ZipLimits = ZipLimits()) {
        source = .file(path: path)
        name = path
        self.limits = limits
    }

    /// An archive held in memory; `name` is used in errors; its entries are read within `limits`.
    public init(data: Data, name: String, limits: ZipLimits = ZipLimits()) {
        source = .memory(data)
        self.name = name
        self.limits = limits
    }

    /// Whether `prefix` starts with a zip signature: a local file header (`PK\3\4`) or the
    /// end-of-central-directory record of an empty archive (`PK\5\6`), per PKWARE's APPNOTE.TXT 4.3.
    public static func hasZipSignature(_ prefix: some Collection<UInt8>) -> Bool {
        let head = Array(prefix.prefix(4))
        return head == [0x50, 0x4B, 0x03, 0x04] || head == [0x50, 0x4B, 0x05, 0x06]
    }

    /// The regular files of the archive, in archive order.
    /// - Throws: ``ArchiveError`` when the archive cannot be opened or is damaged.
    /// - Complexity: O(archive size) read, O(entries) memory.
    public func entries() throws(ArchiveError) -> [ZipEntry] {
        var entries: [ZipEntry] = []
        try walk { _, entry in
            entries.append(entry)
            return .skip
        }
        return entries
    }

    /// Reads the entries `select` accepts, in archive order, handing each one's bytes to `body`;
    /// `body` returns false to stop early.
    /// - Throws: ``ArchiveError`` when the archive cannot be opened or is damaged, or an entry
    ///   `select` accepts inflates past ``limits`` (reading stops at the cap).
    /// - Complexity: O(archive size) time; memory for one entry at a time, at most ``ZipLimits/maxEntryBytes``.
    public func forEachFile(where select: (ZipEntry) -> Bool, _ body: (ZipEntry, Data) -> Bool) throws(ArchiveError) {
        try walk { reader, entry throws(ArchiveError) in
            guard select(entry) else { return .skip }
            let data = try reader.readData(entry: entry)
            return body(entry, data) ? .next : .stop
        }
    }

    /// Reads the first regular file at `path` a chunk at a time, handing its bytes to `body` in
    /// order as they inflate (at most 64 KiB per call), so that an entry of any size costs one
    /// chunk of memory. Returns false, having called `body` never, when no regular file has that path.
    /// - Throws: as ``forEachFile(where:_:)``.
    /// - Complexity: O(archive size up to the entry) time; O(1) memory.
    @discardableResult
    public func forEachChunk(ofEntry path: String, _ body: (UnsafeRawBufferPointer) -> Void) throws(ArchiveError) -> Bool {
        var found = false
        try walk { reader, entry throws(ArchiveError) in
            guard entry.path == path else { return .skip }
            found = true
            try reader.forEachChunk(entry: entry, body)
            return .stop
        }
        return found
    }
}
