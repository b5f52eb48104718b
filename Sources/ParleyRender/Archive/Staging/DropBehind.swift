import Glibc

/// Keeps an archive being written from filling the page cache: each file is held open after it
/// is written (its write-back started, ``FileSystemSync/startWriteBack(_:)``), and once ``depth``
/// newer files follow it, its pages — written back by then — are dropped from the page cache
/// (``FileSystemSync/waitForWriteBack(_:)``, then posix_fadvise(2) `POSIX_FADV_DONTNEED`)
/// and it is closed. The kernel then takes the memory of the files just dropped for the next
/// ones, instead of memory no file has used yet: on the 2-core virtual machine of the
/// benchmarks, whose host backs a page only when it is first touched, writing 700 MB as 100
/// files took 1.9 s of system time, 0.4 s with the pages dropped 4 files behind. The archive's
/// pages are not read again by the render, and the store's are: only the archive's files are
/// dropped. On tmpfs, whose pages are the files, nothing is dropped.
final class DropBehind {
    /// How many files are held open behind the newest: by the time a file leaves, its write-back,
    /// started when it was written, is done (16 pages of 1,000 messages are about 9 MB, 30 ms of
    /// the benchmarks' disk, and take longer than that to render).
    static let depth = 16

    /// The files held open, oldest first.
    private var files: [(descriptor: Int32, path: String)] = []

    /// Takes the open descriptor of the file just written at `path`; drops and closes the oldest
    /// file held when more than ``depth`` are.
    /// - Throws: ``RenderError/cannotWrite(path:reason:)`` naming the file dropped when closing it
    ///   fails.
    func add(_ descriptor: Int32, path: String) throws(RenderError) {
        files.append((descriptor, path))
        guard files.count > Self.depth else { return }
        let (oldest, oldestPath) = files.removeFirst()
        try Self.drop(oldest, path: oldestPath)
    }

    /// Drops and closes every file held.
    /// - Throws: ``RenderError/cannotWrite(path:reason:)`` for the first file whose close fails
    ///   (every file is closed all the same).
    func finish() throws(RenderError) {
        var failure: RenderError?
        for (descriptor, path) in files {
            do throws(RenderError) {
                try Self.drop(descriptor, path: path)
            } catch {
                failure = failure ?? error
            }
        }
        files = []
        if let failure { throw failure }
    }

    deinit {
        for (descriptor, _) in files { close(descriptor) }
    }

    /// Waits for the file's write-back, drops its pages from the page cache and closes it. A
    /// failed write-back is not reported here: ``FileSystemSync/flush(_:)`` reports it before the
    /// archive is swapped in.
    private static func drop(_ descriptor: Int32, path: String) throws(RenderError) {
        FileSystemSync.waitForWriteBack(descriptor)
        _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED)
        guard close(descriptor) == 0 else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
    }
}
