import CArchive
import Foundation

/// A zip archive on disk or in memory, read entry by entry through libarchive (Debian
/// `libarchive-dev`); this module is the only one that sees libarchive.
///
/// Reading streams: one entry's bytes are in memory at a time (one 64 KiB block of it with
/// ``streamFile(where:_:)``), so a large export costs the size of its largest entry, not of the
/// archive, and never more than ``limits`` allow (a zip
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

    /// Reads the first entry `select` accepts a block (at most 64 KiB) at a time, handing each
    /// block to `body` as libarchive inflates it (a block is valid only during the call), so an
    /// entry of any size is read in constant memory; entries after it are not read.
    /// - Returns: the entry read, or nil when `select` accepts none.
    /// - Throws: ``ChunkFailure/archive(_:)`` when the archive cannot be opened or is damaged, or
    ///   the entry inflates past ``limits`` (reading stops at the cap); ``ChunkFailure/body(_:)``
    ///   with `body`'s error, which stops the reading.
    /// - Complexity: O(archive size up to the entry's end) time; memory for one block.
    @discardableResult
    public func streamFile<Failure: Error>(
        where select: (ZipEntry) -> Bool, _ body: (UnsafeRawBufferPointer) throws(Failure) -> Void
    ) throws(ChunkFailure<Failure>) -> ZipEntry? {
        var found: ZipEntry?
        try streamFiles(where: select) { (entry, part) throws(Failure) in
            found = entry
            if case let .bytes(chunk) = part { try body(chunk) }
            return false
        }
        return found
    }

    /// One step of ``streamFiles(where:_:)``: the next block of an entry's bytes (valid only
    /// during the call), or the end of the entry.
    public enum EntryPart {
        case bytes(UnsafeRawBufferPointer)
        case end
    }

    /// Reads the entries `select` accepts, in archive order, each a block (at most 64 KiB) at a
    /// time: `body` is handed every block of an entry as libarchive inflates it, then
    /// ``EntryPart/end``, and returns false (at the end) to stop before the next entry. An entry
    /// of any size is read in constant memory.
    /// - Throws: ``ChunkFailure/archive(_:)`` when the archive cannot be opened or is damaged, or
    ///   an entry inflates past ``limits`` (reading stops there: `body` had that entry's blocks so
    ///   far, never its end); ``ChunkFailure/body(_:)`` with `body`'s error, which stops the reading.
    /// - Complexity: O(archive size) time; memory for one block.
    public func streamFiles<Failure: Error>(
        where select: (ZipEntry) -> Bool, _ body: (ZipEntry, EntryPart) throws(Failure) -> Bool
    ) throws(ChunkFailure<Failure>) {
        var failure: Failure?
        do throws(ArchiveError) {
            try walk { reader, entry throws(ArchiveError) in
                guard select(entry) else { return .skip }
                do throws(ChunkFailure<Failure>) {
                    try reader.forEachChunk(entry: entry) { (chunk) throws(Failure) in _ = try body(entry, .bytes(chunk)) }
                    do throws(Failure) {
                        return try body(entry, .end) ? .next : .stop
                    } catch {
                        failure = error
                    }
                } catch {
                    switch error {
                    case let .archive(error): throw error
                    case let .body(error): failure = error
                    }
                }
                return .stop
            }
        } catch {
            throw .archive(error)
        }
        if let failure { throw .body(failure) }
    }

    /// Why ``streamFile(where:_:)`` or ``streamFiles(where:_:)`` stopped: the archive could not be read, or `body` threw.
    public enum ChunkFailure<Failure: Error>: Error {
        case archive(ArchiveError)
        case body(Failure)
    }
}
