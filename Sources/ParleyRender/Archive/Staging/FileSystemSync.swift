import Foundation

/// Makes a staged archive durable before it is swapped in, with one flush instead of one per file:
/// the archive's files are written without fsync(2) (``ArchiveFiles``), their write-back started
/// as each is closed (``startWriteBack(_:)``), then ``flush(_:)`` writes back everything of the staging folder's file system (syncfs(2)) and reports
/// a failed write-back; after the swap ``syncFolder(_:)`` makes the renames durable. A
/// 1,000,000-message archive is about 5,300 files: an fsync each cost seconds.
enum FileSystemSync {
    private typealias SyncFS = @convention(c) (Int32) -> Int32
    private typealias SyncFileRange = @convention(c) (Int32, Int64, Int64, UInt32) -> Int32

    /// glibc's syncfs(2), which Swift's Glibc module leaves out (it is a GNU extension); nil when
    /// the C library lacks it.
    private static let syncfs: SyncFS? = {
        guard let symbol = dlsym(nil, "syncfs") else { return nil }
        return unsafeBitCast(symbol, to: SyncFS.self)
    }()

    /// glibc's sync_file_range(2), a GNU extension too; nil when the C library lacks it.
    private static let syncFileRange: SyncFileRange? = {
        guard let symbol = dlsym(nil, "sync_file_range") else { return nil }
        return unsafeBitCast(symbol, to: SyncFileRange.self)
    }()

    /// Starts writing the file open as `descriptor` to disk without waiting for it (sync_file_range(2)
    /// with `SYNC_FILE_RANGE_WRITE`, 2 in `<fcntl.h>`), so that a page written now reaches the disk
    /// while the next ones are rendered: the kernel would begin only after 30 s, or when a tenth of
    /// memory is dirty, and ``flush(_:)`` would then write the whole archive while nothing else ran.
    /// A failure is ignored: ``flush(_:)`` reports a failed write-back.
    static func startWriteBack(_ descriptor: Int32) { _ = syncFileRange?(descriptor, 0, 0, 2) }

    /// Writes back what the file open as `descriptor` holds that is not on disk yet and waits
    /// until all of it is (sync_file_range(2) with `SYNC_FILE_RANGE_WAIT_BEFORE | _WRITE |
    /// _WAIT_AFTER`, 1 | 2 | 4), so that its pages are clean (``DropBehind``). A failure is
    /// ignored: ``flush(_:)`` reports a failed write-back.
    static func waitForWriteBack(_ descriptor: Int32) { _ = syncFileRange?(descriptor, 0, 0, 1 | 2 | 4) }

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
