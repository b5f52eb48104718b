import Foundation

/// An exclusive flock(2) on `.NAME.parley-lock` beside an archive folder, held while a render
/// replaces that folder, so two renders of the same folder never interleave.
///
/// A second render refuses at once rather than waiting. The lock file is removed on release
/// (before the lock is dropped); a render that took the lock checks that the file it locked is
/// still the one at the path, so removing it never lets two renders in. A killed render's lock
/// is released by the kernel; the file it leaves is reused by the next render.
struct ArchiveLock: Sendable {
    /// The lock file's path.
    let path: String
    private let descriptor: Int32

    /// The lock file's name for the archive folder named `name`.
    static func fileName(for name: String) -> String { ".\(name).parley-lock" }

    /// Takes the lock for the archive folder `destination`.
    /// - Throws: ``RenderError/cannotCreate(path:reason:)`` naming `destination` when another
    ///   render holds the lock, or the lock file cannot be created.
    init(for destination: URL) throws(RenderError) {
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

    /// Removes the lock file and drops the lock.
    func release() {
        unlink(path)
        close(descriptor)
    }
}
