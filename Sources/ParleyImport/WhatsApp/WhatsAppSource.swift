import ParleyArchive

/// Where a WhatsApp chat's text comes from; it can be read more than once, a chunk at a time.
enum WhatsAppSource {
    /// A chat `.txt` in memory or on disk.
    case text(JSONBytes)
    /// The chat entry at `path` in a zip export, read as it inflates.
    case zipEntry(ZipArchive, path: String)

    /// Hands `body` the bytes in order, at most `size` at a time (a zip entry: at most 64 KiB).
    /// - Throws: ``ImportError/unreadable(file:reason:)`` when the file cannot be read; for a zip,
    ///   the ``ImportError`` of its ``ArchiveError``.
    func forEachChunk(size: Int, file: String, _ body: (UnsafeRawBufferPointer) -> Void) throws(ImportError) {
        switch self {
        case let .text(bytes):
            do {
                try bytes.forEachChunk(size: size, file: file) { chunk throws(Never) in body(chunk) }
            } catch {
                switch error {
                case let .input(unreadable): throw unreadable
                }
            }
        case let .zipEntry(archive, path):
            do {
                try archive.forEachChunk(ofEntry: path, body)
            } catch {
                throw ImportError(error)
            }
        }
    }
}
