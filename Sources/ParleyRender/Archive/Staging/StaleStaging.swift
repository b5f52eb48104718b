import Foundation

/// What renders of an archive folder that were killed left beside it: staging folders
/// (`.NAME.parley-UUID`) and previous archives (`.NAME.parley-previous-UUID`). Run under the
/// folder's ``ArchiveLock``, so none of them belongs to a render still running.
///
/// A killed render may have moved the user's files into its staging folder, or moved the
/// archive aside without moving the new one in. Recovery first puts a previous archive back
/// when the folder is missing, then moves every file that is not Parley's (by each leftover's
/// own manifest, see ``ArchiveManifest``) back into the folder, and only then removes the
/// leftover. A staging folder without a manifest holds only Parley's files (the user's are
/// carried over after the manifest is written) and is removed. A file that cannot be put back
/// keeps its leftover folder in place.
struct StaleStaging {
    /// The archive folder.
    let destination: URL

    /// The prefix of every leftover's name: `.NAME.parley-`.
    var prefix: String { ".\(destination.lastPathComponent).parley-" }

    /// Recovers and removes every leftover beside ``destination``, previous archives first.
    /// - Throws: ``RenderError/cannotCreate(path:reason:)`` naming a file that cannot be put back.
    /// - Complexity: one lstat(2) per entry walked in each leftover (see ``CarryOver/plan()``).
    func recover() throws(RenderError) {
        let parent = destination.deletingLastPathComponent()
        let lock = ArchiveLock.fileName(for: destination.lastPathComponent)
        // Computed once: a crowded parent (a Downloads folder) holds tens of thousands of names.
        let prefix = prefix
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? [])
            .filter { $0.hasPrefix(prefix) && $0 != lock && CarryOver.kind(parent.appendingPathComponent($0)) == S_IFDIR }
            .sorted { ($0.hasPrefix(prefix + "previous-") ? 0 : 1, $0) < ($1.hasPrefix(prefix + "previous-") ? 0 : 1, $1) }
        for name in names {
            let folder = parent.appendingPathComponent(name)
            let isPrevious = name.hasPrefix(prefix + "previous-")
            let hasManifest = ArchiveManifest.read(from: folder).files != nil
            guard isPrevious || hasManifest else {
                // A staging folder without its manifest was killed while writing pages: the user's
                // files are carried into it only after the manifest is complete, so everything in
                // it is Parley's — pages, and the temporary files of atomic writes.
                try? FileManager.default.removeItem(at: folder)
                continue
            }
            try Self.restore(folder, into: destination, isArchive: true)
        }
    }

    /// Moves every entry of `folder` that is not Parley's into `destination`, then removes
    /// `folder`. When `destination` is missing, `folder` takes its place instead if it is a whole
    /// archive (`isArchive`) or holds anything that is not Parley's.
    /// - Throws: ``RenderError/cannotCreate(path:reason:)`` naming an entry of `folder` whose path
    ///   `destination` already holds; ``RenderError/cannotWrite(path:reason:)`` when a move fails.
    ///   `folder` is then kept.
    static func restore(_ folder: URL, into destination: URL, isArchive: Bool) throws(RenderError) {
        let carry = CarryOver(source: folder, destination: destination, ownership: ArchiveManifest.read(from: folder))
        let moves: [String]
        do {
            moves = try carry.plan()
        } catch {
            throw .cannotCreate(
                path: folder.appendingPathComponent(error.path).path,
                reason: "an interrupted render left this file, which Parley did not write, and "
                    + "\(destination.appendingPathComponent(error.path).path) exists; move one of them away, then render again")
        }
        if CarryOver.kind(destination) == nil, isArchive || !moves.isEmpty {
            guard rename(folder.path, destination.path) == 0 else {
                throw .cannotWrite(
                    path: folder.path, reason: "cannot move it back to \(destination.path): \(String(cString: strerror(errno)))")
            }
            return
        }
        try carry.perform(moves)
        try? FileManager.default.removeItem(at: folder)
    }
}
