import Glibc

/// Starts writing a file's changed pages to disk without waiting for them: Linux's
/// sync_file_range(2) with `SYNC_FILE_RANGE_WRITE` over the whole file. A first render writes its
/// store, hundreds of megabytes at a million messages, into the kernel's page cache, which does not
/// begin writing it back before it has been dirty for 30 s or dirty pages reach a tenth of memory
/// (`vm.dirty_expire_centisecs`, `vm.dirty_background_ratio`): so the commit's fsync(2) wrote all
/// of it while nothing else ran. Started after every batch the store stages, the writes go on while
/// the messages after it are read, and the fsync finds little left to do. It adds no durability
/// (the commit's fsync still makes the update durable) and takes none away: the kernel may write
/// any dirty page at any time, and SQLite's journal never relies on it not doing so.
final class WriteBack {
    private typealias SyncFileRange = @convention(c) (Int32, Int64, Int64, UInt32) -> Int32

    /// glibc's sync_file_range(2), which Swift's Glibc module leaves out (it is a GNU extension);
    /// nil when the C library lacks it.
    private static let syncFileRange: SyncFileRange? = {
        guard let symbol = dlsym(nil, "sync_file_range") else { return nil }
        return unsafeBitCast(symbol, to: SyncFileRange.self)
    }()

    /// `SYNC_FILE_RANGE_WRITE` of `<fcntl.h>`: start writing the dirty pages not already being
    /// written, without waiting for any.
    private static let startWriting: UInt32 = 2

    private let descriptor: Int32

    /// Write-back of the file at `path`, opened read-only (the kernel writes back a file's pages
    /// whatever descriptor names it); nil when the file cannot be opened or the C library has no
    /// sync_file_range(2), and then nothing is started early.
    init?(path: String) {
        guard Self.syncFileRange != nil else { return nil }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Starts writing back what the file holds that is not on disk yet. A failure is ignored:
    /// the fsync that makes the file durable reports it.
    func start() { _ = Self.syncFileRange?(descriptor, 0, 0, Self.startWriting) }
}
