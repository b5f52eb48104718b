import Foundation

/// A folder written beside its destination and swapped in when complete.
///
/// The swap is two rename(2) calls in the destination's parent folder (same file system):
/// the previous folder moves aside, the new one takes its name, then the previous one is
/// removed. If the second rename fails the previous folder is moved back.
struct StagedFolder {
    /// Where the finished folder goes (symbolic links resolved).
    let destination: URL
    /// The hidden sibling folder being written.
    let temporary: URL

    /// Checks `destination` and creates the staging folder beside it.
    /// - Throws: ``RenderError/cannotCreate(path:reason:)`` when `destination` exists and is not
    ///   a folder, is a non-empty folder without a Parley archive, or the staging folder cannot
    ///   be created.
    init(replacing destination: URL) throws(RenderError) {
        let resolved = destination.standardizedFileURL.resolvingSymlinksInPath()
        self.destination = resolved
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: resolved.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw .cannotCreate(path: resolved.path, reason: "it exists and is not a folder") }
            let entries = (try? manager.contentsOfDirectory(atPath: resolved.path)) ?? []
            guard entries.isEmpty || Self.holdsArchive(resolved) else {
                throw .cannotCreate(
                    path: resolved.path,
                    reason: "it is not empty and holds no Parley archive (index.html, public/parley.css); choose a new or empty folder")
            }
        }
        let parent = resolved.deletingLastPathComponent()
        temporary = parent.appendingPathComponent(".\(resolved.lastPathComponent).parley-\(UUID().uuidString)")
        do {
            try manager.createDirectory(at: temporary, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreate(path: resolved.path, reason: ArchiveFiles.reason(error))
        }
    }

    /// Whether `folder` holds what every Parley archive has: `index.html` and `public/parley.css`.
    static func holdsArchive(_ folder: URL) -> Bool {
        var isFolder: ObjCBool = false
        let manager = FileManager.default
        return manager.fileExists(atPath: folder.appendingPathComponent("index.html").path, isDirectory: &isFolder) && !isFolder.boolValue
            && manager.fileExists(atPath: folder.appendingPathComponent("public/parley.css").path)
    }

    /// Swaps the staging folder in place of the destination and removes the previous folder.
    /// - Throws: ``RenderError/cannotWrite(path:reason:)`` when a rename fails (the previous
    ///   folder is then back in place, and the staging folder removed).
    func commit() throws(RenderError) {
        let previous = temporary.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).parley-previous-\(UUID().uuidString)")
        let hadPrevious = FileManager.default.fileExists(atPath: destination.path)
        if hadPrevious, rename(destination.path, previous.path) != 0 {
            let reason = String(cString: strerror(errno))
            discard()
            throw .cannotWrite(path: destination.path, reason: "cannot move the previous archive aside: \(reason)")
        }
        guard rename(temporary.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            if hadPrevious { _ = rename(previous.path, destination.path) }
            discard()
            throw .cannotWrite(path: destination.path, reason: "cannot move the new archive in place: \(reason)")
        }
        if hadPrevious { try? FileManager.default.removeItem(at: previous) }
    }

    /// Removes the staging folder (after a failed render).
    func discard() {
        try? FileManager.default.removeItem(at: temporary)
    }
}
