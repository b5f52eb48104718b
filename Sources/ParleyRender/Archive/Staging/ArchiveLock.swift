import Foundation

/// An exclusive flock(2) on `.NAME.parley-lock` beside an archive folder, held while a render
/// replaces that folder, so two renders of the same folder never interleave.
///
/// A second render refuses at once rather than waiting. The lock file is removed on release
/// (before the lock is dropped); a render that took the lock checks that the file it locked is
/// still the one at the path, so removing it never lets two renders in. A killed render's lock
/// is released by the kernel; the file it leaves is reused by the next render.
public struct ArchiveLock: Sendable {
    /// The name of the folder inside an archive that holds its store (`.parley/`): Parley's own,
    /// kept from render to render (moved into each new archive, never rewritten by the writer).
    public static let storeFolderName = ".parley"

    /// The lock file's path.
    public let path: String
    /// The archive folder it locks (symbolic links resolved).
    public let destination: URL
    private let descriptor: Int32

    /// The lock file's name for the archive folder named `name`.
    static func fileName(for name: String) -> String { ".\(name).parley-lock" }

    /// Takes the lock for the archive folder `destination`, puts back what killed renders of it
    /// left beside it, and checks that `destination` is a folder Parley may write: absent, empty,
    /// holding only an archive store, or holding an archive.
    /// - Throws: ``RenderError/cannotCreate(path:reason:)`` naming `destination` when another
    ///   render holds the lock, the lock file cannot be created, a leftover's file cannot be put
    ///   back, or `destination` is a file or a folder that holds something other than an archive
    ///   (the lock is released then).
    public static func acquire(for destination: URL) throws(RenderError) -> ArchiveLock {
        let resolved = destination.standardizedFileURL.resolvingSymlinksInPath()
        try? FileManager.default.createDirectory(at: resolved.deletingLastPathComponent(), withIntermediateDirectories: true)
        let lock = try ArchiveLock(for: resolved)
        do throws(RenderError) {
            try StaleStaging(destination: resolved).recover()
            try StagedFolder.check(resolved)
        } catch {
            lock.release()
            throw error
        }
        return lock
    }

    /// Takes the lock for the archive folder `destination` (symbolic links resolved).
    /// - Throws: ``RenderError/cannotCreate(path:reason:)`` naming `destination` when another
    ///   render holds the lock, or the lock file cannot be created.
    private init(for destination: URL) throws(RenderError) {
        self.destination = destination
        let path = destination.deletingLastPathComponent().appendingPathComponent(Self.fileName(for: destination.lastPathComponent)).path
        while true {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw .cannotCreate(
                    path: destination.path, reason: "cannot create the lock file \(path): \(String(cString: strerror(errno)))")
            }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                let busy = errno == EWOULDBLOCK
                let reason = String(cString: strerror(errno))
                close(descriptor)
                throw .cannotCreate(
                    path: destination.path,
                    reason: busy
                        ? "another parley render is writing it (it holds \(path)); run one render of a folder at a time"
                        : "cannot lock \(path): \(reason)")
            }
            var held = stat(), current = stat()
            if fstat(descriptor, &held) == 0, stat(path, &current) == 0, held.st_dev == current.st_dev, held.st_ino == current.st_ino {
                self.path = path
                self.descriptor = descriptor
                return
            }
            close(descriptor)
        }
    }

    /// Removes the lock file and drops the lock; call once.
    public func release() {
        unlink(path)
        close(descriptor)
    }
}
