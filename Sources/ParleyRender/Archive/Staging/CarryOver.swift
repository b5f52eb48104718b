import Foundation

/// Moves every file and folder of `source` that Parley did not write into `destination`, at the
/// same relative path, by rename(2): contents, permissions and times stay as they are, symbolic
/// links are moved as links and never followed.
///
/// A folder is moved whole when nothing in it can be Parley's (or it cannot be read) and
/// `destination` has nothing of that name; otherwise it is walked. Nothing is moved before the whole plan is known, so a name
/// taken in `destination` refuses the move of everything.
struct CarryOver {
    /// A file or folder Parley did not write whose path is taken in the destination.
    struct Collision: Error, Equatable {
        /// The path relative to both folders.
        var path: String
    }

    let source: URL
    let destination: URL
    /// Which files of `source` are Parley's.
    let ownership: ArchiveManifest

    /// The paths (relative to both folders) to move, in a walk of `source` in byte order.
    /// - Throws: ``Collision`` for the first entry to move whose path `destination` already holds.
    /// - Complexity: one lstat(2) per entry of the folders that may hold Parley's files; folders
    ///   moved whole are not read.
    func plan() throws(Collision) -> [String] {
        var moves: [String] = []
        try plan(folder: "", names: entries(in: "") ?? [], into: &moves)
        return moves
    }

    private func plan(folder: String, names: [String], into moves: inout [String]) throws(Collision) {
        for name in names {
            let path = folder.isEmpty ? name : folder + "/" + name
            guard let kind = Self.kind(url(source, path)) else { continue }
            let there = Self.kind(url(destination, path))
            if kind == S_IFDIR, there == S_IFDIR || (there == nil && ownership.mayHoldParleysFiles(path)), let inner = entries(in: path) {
                try plan(folder: path, names: inner, into: &moves)
            } else if kind == S_IFREG, ownership.isParleys(path) {
                continue
            } else if there != nil {
                throw Collision(path: path)
            } else {
                moves.append(path)
            }
        }
    }

    /// The entries of the folder at `path` in `source`, in byte order; nil when it cannot be
    /// read (it is then moved whole, never left behind to be removed).
    private func entries(in path: String) -> [String]? {
        (try? FileManager.default.contentsOfDirectory(atPath: url(source, path).path))?.sorted {
            $0.utf8.lexicographicallyPrecedes($1.utf8)
        }
    }

    /// Moves `paths` (from ``plan()``), creating the folders that lead to them in `destination`.
    /// - Throws: ``RenderError/cannotWrite(path:reason:)`` naming the entry that could not be moved.
    func perform(_ paths: [String]) throws(RenderError) {
        for path in paths {
            let from = url(source, path), to = url(destination, path)
            do {
                try FileManager.default.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                throw .cannotWrite(
                    path: from.path, reason: "cannot create \(to.deletingLastPathComponent().path): \(ArchiveFiles.reason(error))")
            }
            guard rename(from.path, to.path) == 0 else {
                throw .cannotWrite(path: from.path, reason: "cannot move it to \(to.path): \(String(cString: strerror(errno)))")
            }
        }
    }

    private func url(_ root: URL, _ path: String) -> URL { path.isEmpty ? root : root.appendingPathComponent(path) }

    /// The file type bits (`S_IFDIR`, `S_IFREG`, `S_IFLNK`…) of the entry at `url`, not following
    /// a symbolic link; nil when there is none.
    static func kind(_ url: URL) -> mode_t? {
        var status = stat()
        guard lstat(url.path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }
}
