import Foundation

/// Sorted runs of a search index's terms and postings, written to an unnamed temporary file when
/// the terms held in memory pass ``SearchIndexBuilder``'s budget, and read back run by run.
///
/// A run is its terms in the index's term order (UTF-16 code units, as shards are cut), each as
/// a record: the term's UTF-8 byte count and postings byte count (32-bit little endian), its
/// bytes, then its ``PostingList`` bytes. The file is made with `mkstemp(3)` in `TMPDIR` (or
/// `/tmp`) and unlinked at once, so it vanishes with the process whatever happens.
/// - Complexity: memory O(``bufferSize``) while writing, O(``bufferSize``) per run while reading.
final class SearchSpill: @unchecked Sendable {
    /// Bytes buffered before a write, and read at a time from each run.
    static let bufferSize = 256 << 10

    /// The temporary file's name as it was made (unlinked at once).
    let path: String
    private let descriptor: Int32
    /// Each run's bytes in the file.
    private(set) var runs: [Range<Int64>] = []
    private var end: Int64 = 0

    /// Makes the unlinked temporary file in `folder`.
    /// - Throws: ``SearchIndexError/spillFailed(path:reason:)`` when it cannot be made.
    init(folder: String = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp")
        throws(SearchIndexError)
    {
        let pattern = "\(folder)/parley-search-XXXXXX"
        var template = Array(pattern.utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .spillFailed(path: pattern, reason: "cannot make a temporary file: \(Self.reason(errno))") }
        path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        unlink(path)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Writes `terms`, sorted in the index's term order, as the next run.
    /// - Throws: ``SearchIndexError/spillFailed(path:reason:)`` when the file cannot take it (a full disk).
    /// - Complexity: O(bytes of the terms and their postings).
    func append(run terms: [(key: String, value: PostingList)]) throws(SearchIndexError) {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(Self.bufferSize + 1024)
        let start = end
        for (term, list) in terms {
            let postings = list.encoded
            Self.appendCount(term.utf8.count, to: &buffer)
            Self.appendCount(postings.count, to: &buffer)
            buffer.append(contentsOf: term.utf8)
            buffer.append(contentsOf: postings)
            if buffer.count >= Self.bufferSize { try write(&buffer) }
        }
        try write(&buffer)
        runs.append(start..<end)
    }

    /// Reads the run `index` back, a record at a time.
    func reader(of index: Int) -> Reader { Reader(spill: self, range: runs[index]) }

    /// A run read back in order, ``SearchSpill/bufferSize`` bytes at a time.
    struct Reader {
        let spill: SearchSpill
        private var next: Int64
        private let end: Int64
        private var bytes: [UInt8] = []
        private var start = 0

        init(spill: SearchSpill, range: Range<Int64>) {
            self.spill = spill
            next = range.lowerBound
            end = range.upperBound
        }

        /// The run's next term and postings; nil after its last.
        /// - Throws: ``SearchIndexError/spillFailed(path:reason:)`` when the file cannot be read
        ///   or ends inside a record.
        mutating func read() throws(SearchIndexError) -> (term: String, list: PostingList)? {
            guard try fill(8) else { return nil }
            let termCount = Self.count(bytes, at: start), postingsCount = Self.count(bytes, at: start + 4)
            guard try fill(8 + termCount + postingsCount) else {
                throw .spillFailed(path: spill.path, reason: "read back a run cut inside a record")
            }
            let termStart = start + 8, postingsStart = termStart + termCount
            let term = String(decoding: bytes[termStart..<postingsStart], as: UTF8.self)
            let list = PostingList(encoded: Array(bytes[postingsStart..<postingsStart + postingsCount]))
            start = postingsStart + postingsCount
            return (term, list)
        }

        /// Whether `count` bytes from `start` are buffered, reading more of the run as needed;
        /// false when the run ends first (with no byte left over when `count` is a record's head).
        private mutating func fill(_ count: Int) throws(SearchIndexError) -> Bool {
            if bytes.count - start >= count { return true }
            bytes.removeSubrange(0..<start)
            start = 0
            while bytes.count < count, next < end {
                let wanted = Int(min(Int64(max(SearchSpill.bufferSize, count - bytes.count)), end - next))
                let old = bytes.count
                bytes.append(contentsOf: repeatElement(0, count: wanted))
                let read = bytes.withUnsafeMutableBytes { pread(spill.descriptor, $0.baseAddress! + old, wanted, off_t(next)) }
                if read < 0, errno == EINTR {
                    bytes.removeSubrange(old...)
                    continue
                }
                guard read > 0 else {
                    throw .spillFailed(
                        path: spill.path, reason: "cannot read back: \(read < 0 ? SearchSpill.reason(errno) : "the file is shorter")")
                }
                bytes.removeSubrange((old + read)...)
                next += Int64(read)
            }
            if bytes.count >= count { return true }
            if bytes.isEmpty { return false }
            throw .spillFailed(path: spill.path, reason: "read back a run cut inside a record")
        }

        private static func count(_ bytes: [UInt8], at offset: Int) -> Int {
            var value = 0
            for index in 0..<4 { value |= Int(bytes[offset + index]) << (8 * index) }
            return value
        }
    }

    private static func appendCount(_ count: Int, to buffer: inout [UInt8]) {
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: count).littleEndian) { buffer.append(contentsOf: $0) }
    }

    /// Writes `buffer` at the file's end, all of it, and empties it.
    private func write(_ buffer: inout [UInt8]) throws(SearchIndexError) {
        var written = 0
        while written < buffer.count {
            let count = buffer.withUnsafeBytes { pwrite(descriptor, $0.baseAddress! + written, $0.count - written, off_t(end)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw .spillFailed(path: path, reason: "cannot write: \(Self.reason(errno))") }
            written += count
            end += Int64(count)
        }
        buffer.removeAll(keepingCapacity: true)
    }

    fileprivate static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
