import Foundation
import ParleyRender

/// What a render's store phase may add to an archive's folder, taken before it runs: whether the
/// folder and its store folder (``ArchiveLock/storeFolderName``) exist, and the media files kept
/// from earlier inputs (``ArchiveHistory/mediaFolderName``, named by content hash). When reading
/// the inputs fails, the update is rolled back and ``removeAdditions()`` takes away what the phase
/// added: the media files it kept (an SMS backup's parts are written as the backup streams), and
/// in a first render the store and the folders it created. So a failed render leaves an archive's
/// folder as it was, and a first one no folder of its own. Use it holding the archive's lock.
struct StoreFootprint {
    private let destination: URL
    private let folderExisted: Bool
    private let storeExisted: Bool
    private let mediaExisted: Bool
    private let media: Set<String>

    /// The footprint of the archive folder `destination` as it is now.
    /// - Complexity: O(m) for m media files kept.
    init(of destination: URL) {
        let manager = FileManager.default
        self.destination = destination
        folderExisted = manager.fileExists(atPath: destination.path)
        storeExisted = manager.fileExists(atPath: Self.storeFolder(destination).path)
        let listed = try? manager.contentsOfDirectory(atPath: Self.mediaFolder(destination).path)
        mediaExisted = listed != nil
        media = Set(listed ?? [])
    }

    /// Removes the media files added since ``init(of:)``; then, if they did not exist before, the
    /// media folder, the store's files and folder, and the archive folder — each folder only when
    /// nothing else is in it (rmdir(2)). Call it after the store is closed. Nothing is reported:
    /// what cannot be removed stays, and the next render finds it as Parley's own.
    func removeAdditions() {
        let mediaFolder = Self.mediaFolder(destination)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: mediaFolder.path)) ?? [] where !media.contains(name) {
            unlink(mediaFolder.appendingPathComponent(name).path)
        }
        if !mediaExisted { rmdir(mediaFolder.path) }
        guard !storeExisted else { return }
        let store = Self.storeFolder(destination)
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(store.appendingPathComponent(ArchiveHistory.fileName + suffix).path) }
        rmdir(store.path)
        if !folderExisted { rmdir(destination.path) }
    }

    private static func storeFolder(_ destination: URL) -> URL { destination.appendingPathComponent(ArchiveLock.storeFolderName) }

    private static func mediaFolder(_ destination: URL) -> URL {
        storeFolder(destination).appendingPathComponent(ArchiveHistory.mediaFolderName)
    }
}
