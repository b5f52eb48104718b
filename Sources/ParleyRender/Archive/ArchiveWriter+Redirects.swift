import ParleyHTML
import ParleyModel

extension ArchiveWriter {
    /// Writes a redirect page in place of each page the previous archive held in a channel's
    /// legacy folder (``ChannelFolders/legacyName(_:)``) when the channel now lives in another
    /// folder: to the page of the same name in the new folder, or to its index when it has no
    /// such page. Permalinks into an archive made before folders were checked keep working.
    ///
    /// The legacy folder of each of a channel's former ids (``Channel/formerIDs``) is the
    /// channel's too when no channel of the archive lives there (an archive update retired that
    /// channel, its messages moved here), so permalinks into a channel an earlier Parley named
    /// otherwise lead to the channel that holds its messages now. A former channel that is still in
    /// the archive keeps its own pages.
    ///
    /// A legacy folder that another channel's folder equals ignoring case gets no redirects (its
    /// pages are that channel's now); one several channels claim redirects to the first in the
    /// archive's order. The redirect pages are Parley's files, so the next render finds them in the
    /// previous archive and writes them again.
    /// - Parameters:
    ///   - pageFiles: the file names (`2024-03.html`) of each channel's pages in the new archive.
    /// - Returns: how many redirect pages were written.
    /// - Throws: ``RenderError/cannotWrite(path:reason:)`` or ``RenderError/cannotCreate(path:reason:)``.
    /// - Complexity: O(files of the previous archive × legacy folders that get redirects + channels).
    func writeRedirects(
        _ channels: [Channel], folders: ChannelFolders, pageFiles: [ChannelID: Set<String>], renderer: PageRenderer,
        files: inout ArchiveFiles
    ) throws(RenderError) -> Int {
        var taken = Set(channels.map { ChannelFolders.folded(folders.folder(of: $0.id)) })
        var written = 0
        for channel in channels {
            let folder = folders.folder(of: channel.id)
            let newFolder = String(folder.dropFirst(2))
            for id in [channel.id] + channel.formerIDs {
                let legacy = "c/" + ChannelFolders.legacyName(id) + "/"
                guard taken.insert(ChannelFolders.folded(legacy)).inserted else { continue }
                for path in files.previousPages(below: legacy) {
                    let name = String(path.dropFirst(legacy.utf8.count))
                    let target = "../" + newFolder + (pageFiles[channel.id]?.contains(name) == true ? name : "index.html")
                    try files.write(renderer.redirect(title: channel.name, to: target, rootPath: "../../"), to: path, countsAsPage: false)
                    written += 1
                }
            }
        }
        return written
    }
}
