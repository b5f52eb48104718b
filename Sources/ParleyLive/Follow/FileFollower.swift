import Foundation
import Glibc
import Synchronization

/// Tails a growing text file with inotify (Linux) and delivers each complete line as it lands.
///
/// A half-written last line waits for its newline. A file that shrinks (truncated) or is
/// replaced (a new inode at the path, e.g. after a rename or delete and re-create) is reported
/// through ``Event/truncated`` / ``Event/replaced`` and then read again from its start, so a
/// consumer can reset its state. Lines are delivered in order on one background thread.
public final class FileFollower: Sendable {
    /// What the follower reports.
    public enum Event: Equatable, Sendable {
        /// A complete line (without its `\n` or `\r\n`), and its 1-based line number in the file.
        case line(String, number: Int)
        /// The file became shorter than what was read: it was truncated.
        case truncated
        /// Another file now sits at the path.
        case replaced
        /// The file cannot be read any more; following stopped.
        case failed(String)
    }

    public let path: String
    let state: Mutex<FollowState>
    let handler: @Sendable (Event) -> Void

    /// Starts following `path` from `offset` bytes (0: the whole file), calling `handler` for
    /// every event on a background thread.
    /// - Throws: ``FollowError`` when the file cannot be opened or watched.
    public init(path: String, from offset: Int = 0, lineNumber: Int = 0, handler: @escaping @Sendable (Event) -> Void) throws(FollowError) {
        self.path = path
        self.handler = handler
        let inotify = inotify_init1(Int32(IN_CLOEXEC))
        guard inotify >= 0 else { throw .cannotWatch(path: path, reason: String(cString: strerror(errno))) }
        let directory = (path as NSString).deletingLastPathComponent
        let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)
        guard inotify_add_watch(inotify, directory.isEmpty ? "." : directory, mask) >= 0 else {
            close(inotify)
            throw .cannotWatch(path: path, reason: String(cString: strerror(errno)))
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            close(inotify)
            throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        state = Mutex(FollowState(inotify: inotify, offset: offset, inode: info.st_ino, lineNumber: lineNumber))
        let thread = Thread { [self] in run() }
        thread.name = "parley-follow"
        thread.start()
    }

    /// Stops following within 200 ms (the follower's thread closes the inotify descriptor and
    /// ends); a line being delivered when it is called is still delivered.
    public func stop() {
        state.withLock { $0.stopped = true }
    }
}

/// Why a file cannot be followed.
public enum FollowError: Error, Equatable, Sendable, CustomStringConvertible {
    case cannotOpen(path: String, reason: String)
    case cannotWatch(path: String, reason: String)

    public var description: String {
        switch self {
        case let .cannotOpen(path, reason): return "\(path): cannot open: \(reason)"
        case let .cannotWatch(path, reason): return "\(path): cannot watch with inotify: \(reason)"
        }
    }
}

struct FollowState: Sendable {
    var inotify: Int32
    var offset: Int
    var inode: UInt
    var lineNumber: Int
    var pending: [UInt8] = []
    var stopped = false
}
