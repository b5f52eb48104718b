import Foundation

/// A folder written beside its destination and swapped in when complete, carrying over every
/// file of the previous folder that Parley did not write.
///
/// While a render runs its caller holds the destination's ``ArchiveLock``, which first recovered
/// what killed renders left (``StaleStaging``). On commit it lists what was written in
/// `.parley-manifest` (``ArchiveManifest``), moves every file and folder of the destination that
/// is not Parley's into the staging folder (``CarryOver``), then swaps with two rename(2) calls
/// in the destination's parent folder (same file system): the previous folder moves aside, the
/// new one takes its name, then the previous one is removed. At every point a killed render
/// leaves the user's files either in the destination or in a staging folder with a manifest,
/// from which the next render puts them back.
struct StagedFolder {
    /// Where the finished folder goes (symbolic links resolved).
    let destination: URL
    /// The hidden sibling folder being written.
    let temporary: URL

    /// Creates the staging folder beside the destination of `lock`, a lock taken with
    /// ``ArchiveLock/acquire(for:)`` (which recovered leftovers and checked the destination).
    /// - Throws: ``RenderError/cannotCreate(path:reason:)`` when the staging folder cannot be created.
    init(holding lock: ArchiveLock) throws(RenderError) {
        destination = lock.destination
        temporary = destination.deletingLastPathComponent().appendingPathComponent(
            ".\(destination.lastPathComponent).parley-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreate(path: destination.path, reason: ArchiveFiles.reason(error))
        }
    }

    /// Checks that Parley may replace `destination`: absent, an empty folder, a folder holding
    /// only an archive store (``ArchiveLock/storeFolderName``), or a folder holding an archive.
    /// - Throws: ``RenderError/cannotCreate(path:reason:)`` naming what it is otherwise.
    static func check(_ destination: URL) throws(RenderError) {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: destination.path, isDirectory: &isFolder) else { return }
        guard isFolder.boolValue else { throw .cannotCreate(path: destination.path, reason: "it exists and is not a folder") }
        let entries = ((try? manager.contentsOfDirectory(atPath: destination.path)) ?? []).filter { $0 != ArchiveLock.storeFolderName }
        guard entries.isEmpty || Self.holdsArchive(destination) else {
            throw .cannotCreate(
                path: destination.path,
                reason: "it is not empty and holds no Parley archive (index.html, public/parley.css); choose a new or empty folder")
        }
    }

    /// Whether `folder` holds what every Parley archive has: `index.html` and `public/parley.css`.
    static func holdsArchive(_ folder: URL) -> Bool {
        var isFolder: ObjCBool = false
        let manager = FileManager.default
        return manager.fileExists(atPath: folder.appendingPathComponent("index.html").path, isDirectory: &isFolder) && !isFolder.boolValue
            && manager.fileExists(atPath: folder.appendingPathComponent("public/parley.css").path)
    }

    /// Writes the manifest, flushes the staging folder's files to disk (``FileSystemSync``), carries
    /// the user's files over, swaps the staging folder in place of the destination, syncs the
    /// folder that holds them and removes the previous folder.
    /// - Throws: ``RenderError/cannotCreate(path:reason:)`` naming a file of the destination that
    ///   Parley did not write whose name the new archive uses (nothing is changed then);
    ///   ``RenderError/cannotWrite(path:reason:)`` when the manifest cannot be written, a file
    ///   cannot be carried over or a rename fails (the previous folder is then back in place with
    ///   every file, and the staging folder removed).
    func commit() throws(RenderError) {
        do throws(RenderError) {
            var manifest = ArchiveFiles(root: temporary)
            try manifest.write(
                text: ArchiveManifest.text(listing: Self.files(in: temporary)), to: ArchiveManifest.fileName)
            try manifest.finish()
        } catch {
            discard()
            throw error
        }
        do throws(RenderError) {
            try FileSystemSync.flush(temporary)
        } catch {
            discard()
            throw error
        }
        let hadPrevious = CarryOver.kind(destination) != nil
        if hadPrevious {
            let carry = CarryOver(source: destination, destination: temporary, ownership: ArchiveManifest.read(from: destination))
            let moves: [String]
            do {
                moves = try carry.plan()
            } catch {
                discard()
                throw .cannotCreate(
                    path: destination.appendingPathComponent(error.path).path,
                    reason: "Parley did not write it (\(ArchiveManifest.fileName) does not list it) and the new archive has a file "
                        + "of that name; move or rename it, then render again")
            }
            do throws(RenderError) {
                try carry.perform(moves)
            } catch {
                discard()
                throw error
            }
        }
        let previous = temporary.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).parley-previous-\(UUID().uuidString)")
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
        FileSystemSync.syncFolder(destination.deletingLastPathComponent())
        if hadPrevious { try? StaleStaging.restore(previous, into: destination, isArchive: true) }
    }

    /// Puts back into the destination whatever was carried into the staging folder, then removes
    /// it (after a failed render). A file that cannot be put back keeps the staging folder, for
    /// the next render's recovery. Before its manifest is written the staging folder holds only
    /// Parley's files (the user's are carried over after it), so it is removed whole, as
    /// ``StaleStaging`` removes such a folder: the layout rule does not claim every file Parley
    /// writes (`favicon.ico` is the user's in an archive without a manifest).
    func discard() {
        guard ArchiveManifest.read(from: temporary).files != nil else {
            try? FileManager.default.removeItem(at: temporary)
            return
        }
        try? StaleStaging.restore(temporary, into: destination, isArchive: false)
    }

    /// The regular files below `folder`, relative to it.
    /// - Complexity: one lstat(2) per entry.
    static func files(in folder: URL) -> [String] {
        let entries = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
        return entries.filter { CarryOver.kind(folder.appendingPathComponent($0)) == S_IFREG }
    }
}
