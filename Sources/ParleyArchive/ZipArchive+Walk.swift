import CArchive
import Foundation

extension ZipArchive {
    /// What to do after visiting an entry.
    enum Step { case skip, next, stop }

    /// An open libarchive read handle; valid only inside ``walk(_:)``.
    struct Reader {
        let handle: OpaquePointer
        let name: String
        let limits: ZipLimits

        /// The current entry's bytes, counted as libarchive inflates them.
        /// - Throws: as ``forEachChunk(entry:_:)``.
        /// - Complexity: O(entry size); memory for the bytes read, never more than the cap.
        func readData(entry: ZipEntry) throws(ArchiveError) -> Data {
            var data = Data()
            if let size = entry.sizeBytes, size > 0 { data.reserveCapacity(Int(min(size, limits.maxEntryBytes, 64 << 20))) }
            try forEachChunk(entry: entry) { chunk in data.append(contentsOf: chunk) }
            return data
        }

        /// Hands the current entry's bytes to `body` as libarchive inflates them, at most 64 KiB at
        /// a time, in order.
        /// - Throws: ``ArchiveError/entryTooLarge(file:entry:limitBytes:)`` past
        ///   ``ZipLimits/maxEntryBytes``, ``ArchiveError/ratioTooHigh(file:entry:uncompressedBytes:compressedBytes:limit:)``
        ///   past ``ZipLimits/maxRatio`` (compressed bytes: what libarchive read from the archive
        ///   since the entry began, so a little more than the entry's own), ``ArchiveError/corrupt(file:entry:offset:reason:)``;
        ///   the caps are checked before a chunk is handed on.
        /// - Complexity: O(entry size) time; memory for one chunk.
        func forEachChunk(entry: ZipEntry, _ body: (UnsafeRawBufferPointer) -> Void) throws(ArchiveError) {
            let start = archive_filter_bytes(handle, -1)
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
            defer { buffer.deallocate() }
            var total: Int64 = 0
            while true {
                let count = archive_read_data(handle, buffer.baseAddress, buffer.count)
                if count == 0 { return }
                guard count > 0 else { throw failure(entry: entry.path) }
                total += Int64(count)
                guard total <= limits.maxEntryBytes else {
                    throw .entryTooLarge(file: name, entry: entry.path, limitBytes: limits.maxEntryBytes)
                }
                let compressed = max(1, archive_filter_bytes(handle, -1) - start)
                if total > limits.ratioFloorBytes, total / compressed > limits.maxRatio {
                    throw .ratioTooHigh(
                        file: name, entry: entry.path, uncompressedBytes: total, compressedBytes: compressed, limit: limits.maxRatio)
                }
                body(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            }
        }

        func failure(entry: String?) -> ArchiveError {
            let reason = archive_error_string(handle).map { String(cString: $0) } ?? "unknown libarchive error"
            return .corrupt(file: name, entry: entry, offset: archive_filter_bytes(handle, -1), reason: reason)
        }
    }

    /// Opens the archive and visits every regular file's header in order.
    func walk(_ visit: (Reader, ZipEntry) throws(ArchiveError) -> Step) throws(ArchiveError) {
        guard let handle = archive_read_new() else { throw .unreadable(file: name, reason: "libarchive could not allocate a reader") }
        defer { archive_read_free(handle) }
        archive_read_support_format_zip(handle)
        let reader = Reader(handle: handle, name: name, limits: limits)
        switch source {
        case let .file(path):
            guard archive_read_open_filename(handle, path, 64 * 1024) == ARCHIVE_OK else {
                throw .unreadable(file: name, reason: Self.errorText(handle))
            }
            try visitEntries(reader, visit)
        case let .memory(data):
            let outcome: Result<Void, ArchiveError> = data.withUnsafeBytes { bytes in
                guard archive_read_open_memory(handle, bytes.baseAddress, bytes.count) == ARCHIVE_OK else {
                    return .failure(.unreadable(file: name, reason: Self.errorText(handle)))
                }
                do throws(ArchiveError) {
                    try visitEntries(reader, visit)
                    return .success(())
                } catch {
                    return .failure(error)
                }
            }
            try outcome.get()
        }
    }

    private func visitEntries(_ reader: Reader, _ visit: (Reader, ZipEntry) throws(ArchiveError) -> Step) throws(ArchiveError) {
        var header: OpaquePointer?
        while true {
            let status = archive_read_next_header(reader.handle, &header)
            if status == ARCHIVE_EOF { return }
            guard status == ARCHIVE_OK || status == ARCHIVE_WARN, let header else { throw reader.failure(entry: nil) }
            guard parley_archive_entry_is_regular(header) != 0 else { continue }
            let path = (archive_entry_pathname_utf8(header) ?? archive_entry_pathname(header)).map { String(cString: $0) } ?? ""
            let size = archive_entry_size_is_set(header) != 0 ? archive_entry_size(header) : nil
            if try visit(reader, ZipEntry(path: path, sizeBytes: size)) == .stop { return }
        }
    }

    private static func errorText(_ handle: OpaquePointer) -> String {
        archive_error_string(handle).map { String(cString: $0) } ?? "not a zip archive"
    }
}
