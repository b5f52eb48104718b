import Foundation

/// Makes a staged archive durable before it is swapped in, with one flush instead of one per file:
/// the archive's files are written without fsync(2) (``ArchiveFiles``), then
/// ``flush(_:)`` writes back everything of the staging folder's file system (syncfs(2)) and reports
/// a failed write-back; after the swap ``syncFolder(_:)`` makes the renames durable. A
/// 1,000,000-message archive is about 5,300 files: an fsync each cost seconds.
enum FileSystemSync {
    private typealias SyncFS = @convention(c) (Int32) -> Int32

    /// glibc's syncfs(2), which Swift's Glibc module leaves out (it is a GNU extension); nil when
    /// the C library lacks it.
    private static let syncfs: SyncFS? = {
        guard let symbol = dlsym(nil, "syncfs") else { return nil }
        return unsafeBitCast(symbol, to: SyncFS.self)
    }()

    /// Writes back the data and metadata of every file on the file system that holds `folder`
    /// (sync(2), all file systems, when syncfs(2) is missing).
    /// - Throws: ``RenderError/cannotWrite(path:reason:)`` when the folder cannot be opened or the
    ///   write-back failed (an I/O error, a full disk): the archive must not be swapped in.
    static func flush(_ folder: URL) throws(RenderError) {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotWrite(path: folder.path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        guard let syncfs else {
            sync()
            return
        }
        guard syncfs(descriptor) == 0 else {
            throw .cannotWrite(path: folder.path, reason: "writing the archive to disk failed: " + String(cString: strerror(errno)))
        }
    }

    /// fsync(2) on `folder`, so the entries renamed in it are on disk; a failure is ignored (the
    /// archive's files are already durable, and a lost rename leaves the previous archive).
    static func syncFolder(_ folder: URL) {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }
}
