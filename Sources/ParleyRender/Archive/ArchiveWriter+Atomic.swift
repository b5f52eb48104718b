import Foundation
import ParleyModel

extension ArchiveWriter {
    /// Renders `transcript` into the folder at `output`, replacing the archive there as a whole
    /// but keeping every file and folder in it that Parley did not write.
    ///
    /// The archive is written into a new hidden sibling folder (`.NAME.parley-UUID`) and then
    /// swapped in with rename(2), so a render that fails leaves the previous archive untouched
    /// and no half-written pages. An existing `output` must be empty or hold a Parley archive
    /// (`index.html` and `public/parley.css`); anything else is refused rather than replaced.
    /// The files Parley wrote are listed in the archive's `.parley-manifest`; everything else
    /// (a `.git` folder, a `CNAME`, notes) is moved into the new archive unchanged. One render of
    /// a folder runs at a time (`.NAME.parley-lock`), and it first recovers what killed renders
    /// of the folder left beside it.
    ///
    /// `progress` hears of each page as it is written and of the swap (``ArchiveProgress``), on
    /// the calling thread; ``ArchiveSummary/timings`` tells where the time went.
    /// - Returns: counts of what was written; ``ArchiveSummary/indexPath`` is below `output`.
    /// - Throws: ``RenderError/cannotCreate(path:reason:)`` when `output` is not a folder, holds
    ///   something other than an archive, another render of it is running, a file Parley did not
    ///   write has a name the new archive uses, or a folder cannot be created;
    ///   ``RenderError/cannotWrite(path:reason:)`` when a file cannot be written or moved or the
    ///   swap fails; ``RenderError/cannotCopy(path:reason:)`` when a public asset cannot be read.
    /// - Complexity: as rendering, plus listing the previous archive and removing its files.
    public func write(
        _ transcript: Transcript, to output: URL, progress: (ArchiveProgress) -> Void = { _ in }
    ) throws(RenderError) -> ArchiveSummary {
        let lock = try ArchiveLock.acquire(for: output)
        defer { lock.release() }
        return try write(TranscriptSource(transcript), holding: lock, progress: progress)
    }

    /// Renders the messages of `source` into the archive folder whose lock the caller holds (taken
    /// with ``ArchiveLock/acquire(for:)``, released by the caller), as ``write(_:to:progress:)``
    /// does; for a caller that updates the archive's store under the same lock first.
    /// - Throws: as ``write(_:to:progress:)``, and ``RenderError/cannotRead(path:reason:)`` when
    ///   the source cannot be read.
    public func write(
        _ source: some ArchiveSource, holding lock: ArchiveLock, progress: (ArchiveProgress) -> Void = { _ in }
    ) throws(RenderError) -> ArchiveSummary {
        let staging = try StagedFolder(holding: lock)
        var summary: ArchiveSummary
        do throws(RenderError) {
            summary = try writeContents(source, to: staging.temporary, replacing: staging.destination, progress: progress)
        } catch {
            staging.discard()
            throw error
        }
        progress(.swapping)
        let clock = ContinuousClock()
        let swapStart = clock.now
        try staging.commit()
        summary.timings.write += clock.now - swapStart
        summary.indexPath = staging.destination.appendingPathComponent("index.html").path
        return summary
    }
}
