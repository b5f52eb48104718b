import Foundation
import ParleyArchive

/// An input's bytes — a JSON export, a WhatsApp chat: in memory, a file read a chunk at a time,
/// or a zip entry inflated a block at a time, so that importing a file holds one chunk of it,
/// never the whole file. An input may be read more than once (a WhatsApp chat is read twice).
public enum InputBytes: Sendable {
    case data(Data)
    /// The file at `path`.
    case file(path: String)
    /// The entry at `path` in `archive` (the first one of that path), read within the archive's
    /// ``ZipLimits``.
    case zipEntry(ZipArchive, path: String)

    /// Calls `body` with each chunk of at most `size` bytes, in order (a zip entry's chunks are
    /// the blocks libarchive inflates, at most 64 KiB each).
    /// - Throws: ``ImportError/unreadable(file:reason:)`` when the file cannot be opened or read;
    ///   for a zip entry, the ``ImportError`` of a damaged archive or an entry past its limits,
    ///   and ``ImportError/unreadable(file:reason:)`` when the archive has no such entry;
    ///   `body`'s error.
    func forEachChunk<Failure: Error>(
        size: Int, file: String, _ body: (UnsafeRawBufferPointer) throws(Failure) -> Void
    ) throws(StreamFailure<Failure>) {
        switch self {
        case let .data(data):
            var start = data.startIndex
            while start < data.endIndex {
                let end = min(start + size, data.endIndex)
                let result = data[start..<end].withUnsafeBytes { bytes in Result { () throws(Failure) in try body(bytes) } }
                do { try result.get() } catch { throw .body(error) }
                start = end
            }
        case let .file(path):
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw .input(.unreadable(file: file, reason: String(cString: strerror(errno)))) }
            defer { close(descriptor) }
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
            defer { buffer.deallocate() }
            while true {
                let count = Glibc.read(descriptor, buffer.baseAddress, size)
                if count < 0, errno == EINTR { continue }
                guard count >= 0 else { throw .input(.unreadable(file: file, reason: String(cString: strerror(errno)))) }
                guard count > 0 else { return }
                do { try body(UnsafeRawBufferPointer(rebasing: buffer[..<count])) } catch { throw .body(error) }
            }
        case let .zipEntry(archive, path):
            let entry: ZipEntry?
            do {
                entry = try archive.streamFile(where: { $0.path == path }, body)
            } catch {
                switch error {
                case let .archive(error): throw .input(ImportError(error))
                case let .body(error): throw .body(error)
                }
            }
            guard entry != nil else { throw .input(.unreadable(file: file, reason: "no entry \(path) in the zip")) }
        }
    }

    /// The input's size in bytes when it can be read from any offset (a file or data), nil for a
    /// zip entry, which is inflated from its start.
    /// - Throws: ``ImportError/unreadable(file:reason:)`` when the file cannot be opened.
    func seekableSize(file: String) throws(ImportError) -> Int? {
        switch self {
        case let .data(data): return data.count
        case let .file(path):
            var status = stat()
            guard stat(path, &status) == 0 else { throw .unreadable(file: file, reason: String(cString: strerror(errno))) }
            return status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : nil
        case .zipEntry: return nil
        }
    }

    /// Calls `body` with each chunk of at most `size` bytes of `range` (byte offsets), in order,
    /// for a file or data (``seekableSize(file:)``); the chunks end early when the input does.
    /// - Throws: ``ImportError/unreadable(file:reason:)`` when the file cannot be opened or read,
    ///   and for a zip entry.
    func readChunks(size: Int, file: String, range: Range<Int>, _ body: (UnsafeRawBufferPointer) -> Bool) throws(ImportError) {
        switch self {
        case let .data(data):
            var start = data.startIndex + min(range.lowerBound, data.count)
            let end = data.startIndex + min(range.upperBound, data.count)
            while start < end {
                let next = min(start + size, end)
                guard data[start..<next].withUnsafeBytes(body) else { return }
                start = next
            }
        case let .file(path):
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw .unreadable(file: file, reason: String(cString: strerror(errno))) }
            defer { close(descriptor) }
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
            defer { buffer.deallocate() }
            var offset = range.lowerBound
            while offset < range.upperBound {
                let count = pread(descriptor, buffer.baseAddress, min(size, range.upperBound - offset), off_t(offset))
                if count < 0, errno == EINTR { continue }
                guard count >= 0 else { throw .unreadable(file: file, reason: String(cString: strerror(errno))) }
                guard count > 0, body(UnsafeRawBufferPointer(rebasing: buffer[..<count])) else { return }
                offset += count
            }
        case .zipEntry:
            throw .unreadable(file: file, reason: "a zip entry is read from its start, not from byte \(range.lowerBound)")
        }
    }

    /// Calls `body` with each chunk, as ``forEachChunk(size:file:_:)`` does, for a `body` that
    /// cannot fail.
    /// - Throws: the ``ImportError`` of an input that cannot be read.
    func readChunks(size: Int, file: String, _ body: (UnsafeRawBufferPointer) -> Void) throws(ImportError) {
        do {
            try forEachChunk(size: size, file: file) { chunk throws(Never) in body(chunk) }
        } catch {
            switch error {
            case let .input(unreadable): throw unreadable
            }
        }
    }

    /// Why ``forEachChunk(size:file:_:)`` stopped: the input could not be read, or `body` threw.
    enum StreamFailure<Failure: Error>: Error {
        case input(ImportError)
        case body(Failure)
    }
}
