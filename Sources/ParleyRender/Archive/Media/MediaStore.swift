import Foundation
import ParleyHTML
import ParleyModel

/// Resolves the local media a transcript references: checks each path, then copies the file
/// into `media/` by content hash (``MediaMode/copy``) or links to it where it is
/// (``MediaMode/link``). Remote URLs are left alone and never fetched. A file that is not
/// passive media (``PassiveMedia``) is copied as `media/<sha256>.bin` and only offered for
/// download (``MediaLinks/downloads``), in both modes.
///
/// A path is refused — reported, never opened — when it is absolute (`/…`, `C:\…`, `file:`), has
/// a `..` component, or resolves (through symbolic links) outside the input folder. URLs of other
/// schemes (`javascript:`, `data:`) name no file: they are neither used nor reported.
struct MediaStore {
    let options: MediaOptions

    /// What resolving produced: the links for pages, problems to report, files copied.
    struct Outcome {
        var links: MediaLinks
        var problems: [MediaProblem]
        var copiedFiles: Int
    }

    /// Resolves every local reference of `transcript` in order of first appearance.
    /// - Throws: ``RenderError/cannotWrite(path:reason:)`` when a copied file cannot be written.
    /// - Complexity: O(total size of the files copied) plus one path lookup per distinct reference.
    func resolve(_ transcript: Transcript, files: inout ArchiveFiles) throws(RenderError) -> Outcome {
        var outcome = Outcome(links: MediaLinks(mode: options.mode), problems: [], copiedFiles: 0)
        guard options.mode != .none else { return outcome }
        let root = MediaPaths.realPath(files.root.path) ?? files.root.standardizedFileURL.path
        var written: Set<String> = []
        for reference in Self.references(in: transcript) where !LinkPolicy.isRemote(reference) {
            switch MediaPaths.locate(reference, in: options.inputFolders) {
            case nil: continue
            case let .failure(problem): outcome.problems.append(problem)
            case let .success(path):
                switch options.mode {
                case .copy:
                    let data: Data
                    do {
                        data = try Data(contentsOf: URL(fileURLWithPath: path))
                    } catch {
                        outcome.problems.append(MediaProblem(reference: reference, reason: .unreadable(reason: ArchiveFiles.reason(error))))
                        continue
                    }
                    let ext = MediaPaths.fileExtension(path)
                    let isPassive = PassiveMedia.isPassive(extension: ext, prefix: Array(data.prefix(PassiveMedia.prefixLength)))
                    if !isPassive { outcome.links.downloads.insert(reference) }
                    let name = "media/" + SHA256.hex(data) + (isPassive ? ext : ".bin")
                    if written.insert(name).inserted {
                        try files.write(data: data, to: name)
                        outcome.copiedFiles += 1
                    }
                    outcome.links.local[reference] = name
                case .link:
                    if !PassiveMedia.isPassive(extension: MediaPaths.fileExtension(path), prefix: Self.prefix(of: path)) {
                        outcome.links.downloads.insert(reference)
                    }
                    outcome.links.local[reference] = MediaPaths.relativeURLPath(from: root, to: path)
                case .none: continue
                }
            }
        }
        return outcome
    }

    /// The first ``PassiveMedia/prefixLength`` bytes of the file at `path` (none when unreadable:
    /// then it is not passive).
    static func prefix(of path: String) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        return Array((try? handle.read(upToCount: PassiveMedia.prefixLength)) ?? Data())
    }

    /// Every media reference a page may show: attachments, stickers, custom emoji reactions
    /// (Unicode emoji are drawn as text), embed images and the directory's custom emoji, each once,
    /// in order of first appearance (the directory's by id).
    static func references(in transcript: Transcript) -> [String] {
        var seen: Set<String> = []
        var ordered: [String] = []
        func add(_ reference: String?) {
            guard let reference, !reference.isEmpty, seen.insert(reference).inserted else { return }
            ordered.append(reference)
        }
        for channel in transcript.channels {
            for message in channel.messages {
                message.attachments.forEach { add($0.url) }
                message.stickers.forEach { add($0.url) }
                message.reactions.filter { $0.emojiID != nil }.forEach { add($0.imageURL) }
                for embed in message.embeds {
                    add(embed.thumbnailURL)
                    embed.imageURLs.forEach { add($0) }
                }
            }
        }
        for id in transcript.directory.emoji.keys.sorted() { add(transcript.directory.emoji[id]?.imageURL) }
        return ordered
    }
}
