import Glibc

/// The first sightings of an update (``ArchiveStore/beginUpdate()``), appended to an unnamed file
/// in the temporary folder instead of a table: an update needs them only if it ends its deferral
/// (``ArchiveStore`` reads them back then, in order, into its sighting table), and most updates
/// never do, so each sighting costs a copy of its bytes instead of an SQLite insert. The file is unlinked
/// as soon as it is made: nothing is left behind when the process ends, however it ends.
///
/// Each sighting is one record: the channel's number, the input's number and the file's number
/// (64-bit, little-endian), whether the copy is the one kept (one byte), the byte counts of the id
/// and the location (64-bit, little-endian), then their UTF-8 bytes. Records are gathered in a
/// buffer of ``bufferSize`` bytes and written when it fills, so memory stays bounded.
///
/// 10,000 generated Discord messages: the staging thread's instructions for their sightings
/// 74.4 M (an insert into an SQLite table each) → 11.6 M.
final class SightingSpill {
    /// One first sighting, as ``ArchiveStore/mark(channel:id:at:keptIfFirst:)`` noted it.
    struct Sighting: Equatable {
        var channel: Int64
        var id: String
        var input: Int64
        var file: Int64
        var location: String
        /// Whether this copy is the one the update keeps.
        var kept: Bool
    }

    /// Bytes gathered before they are written.
    static let bufferSize = 1 << 20
    /// Bytes of a record before its id and location.
    private static let headerSize = 5 * 8 + 1

    /// The file's name while it existed: named in errors.
    let path: String
    private let descriptor: Int32
    private var buffer: [UInt8] = []

    /// Makes the file in `folder` and unlinks it.
    /// - Parameter folder: `$TMPDIR` unless given (`/tmp` when that is unset or empty).
    /// - Throws: ``StoreError/failed(path:reason:)`` when it cannot be made.
    init(folder: String = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp") throws(StoreError) {
        let pattern = "\(folder)/parley-sightings-XXXXXX"
        var template = Array(pattern.utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .failed(path: pattern, reason: "cannot make a temporary file: \(Self.reason(errno))") }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        unlink(path)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        self.path = path
        self.descriptor = descriptor
        buffer.reserveCapacity(Self.bufferSize)
    }

    deinit { close(descriptor) }

    /// Appends `sighting`.
    /// - Throws: ``StoreError/failed(path:reason:)`` when the file cannot take it (a full disk).
    /// - Complexity: O(bytes of its id and location).
    func append(_ sighting: Sighting) throws(StoreError) {
        var id = sighting.id, location = sighting.location
        id.withUTF8 { id in
            location.withUTF8 { location in
                Self.appendInteger(UInt64(bitPattern: sighting.channel), to: &buffer)
                Self.appendInteger(UInt64(bitPattern: sighting.input), to: &buffer)
                Self.appendInteger(UInt64(bitPattern: sighting.file), to: &buffer)
                buffer.append(sighting.kept ? 1 : 0)
                Self.appendInteger(UInt64(id.count), to: &buffer)
                Self.appendInteger(UInt64(location.count), to: &buffer)
                buffer.append(contentsOf: id)
                buffer.append(contentsOf: location)
            }
        }
        if buffer.count >= Self.bufferSize { try writeBuffer() }
    }

    /// Calls `body` with every sighting appended so far, in order.
    /// - Throws: ``StoreError/failed(path:reason:)`` when the file cannot be written or read back
    ///   whole; what `body` throws.
    /// - Complexity: O(bytes appended); memory O(``bufferSize`` + the longest record).
    func forEach(_ body: (Sighting) throws(StoreError) -> Void) throws(StoreError) {
        try writeBuffer()
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw .failed(path: path, reason: "cannot read back: \(Self.reason(errno))") }
        defer { lseek(descriptor, 0, SEEK_END) }
        var pending: [UInt8] = []
        var start = 0
        var chunk = [UInt8](repeating: 0, count: Self.bufferSize)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .failed(path: path, reason: "cannot read back: \(Self.reason(errno))") }
            if count == 0 { break }
            pending.removeSubrange(0..<start)
            start = 0
            pending.append(contentsOf: chunk[0..<count])
            while let (sighting, next) = Self.record(in: pending, at: start) {
                try body(sighting)
                start = next
            }
        }
        guard start == pending.count else {
            throw .failed(path: path, reason: "read back \(pending.count - start) bytes of a cut record")
        }
    }

    /// The record at `start` of `bytes` and the offset after it, or nil when `bytes` ends before it does.
    private static func record(in bytes: [UInt8], at start: Int) -> (Sighting, Int)? {
        guard bytes.count - start >= headerSize else { return nil }
        let idBytes = integer(UInt64.self, in: bytes, at: start + 25)
        let locationBytes = integer(UInt64.self, in: bytes, at: start + 33)
        let available = UInt64(bytes.count - start - headerSize)
        guard idBytes <= available, locationBytes <= available - idBytes else { return nil }
        let (idCount, end) = (Int(idBytes), start + headerSize + Int(idBytes) + Int(locationBytes))
        let idStart = start + headerSize
        let sighting = Sighting(
            channel: Int64(bitPattern: integer(UInt64.self, in: bytes, at: start)),
            id: String(decoding: bytes[idStart..<idStart + idCount], as: UTF8.self),
            input: Int64(bitPattern: integer(UInt64.self, in: bytes, at: start + 8)),
            file: Int64(bitPattern: integer(UInt64.self, in: bytes, at: start + 16)),
            location: String(decoding: bytes[idStart + idCount..<end], as: UTF8.self),
            kept: bytes[start + 24] != 0)
        return (sighting, end)
    }

    private static func appendInteger<T: FixedWidthInteger>(_ value: T, to buffer: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { buffer.append(contentsOf: $0) }
    }

    private static func integer<T: FixedWidthInteger>(_: T.Type, in bytes: [UInt8], at offset: Int) -> T {
        var value = T.zero
        for index in 0..<MemoryLayout<T>.size { value |= T(bytes[offset + index]) << (8 * index) }
        return value
    }

    /// Writes the buffer to the file, all of it.
    private func writeBuffer() throws(StoreError) {
        var written = 0
        while written < buffer.count {
            let count = buffer.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw .failed(path: path, reason: "cannot write: \(Self.reason(errno))") }
            written += count
        }
        buffer.removeAll(keepingCapacity: true)
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
