import Foundation
import ParleyArchive
import ParleyDigest
import ParleyHTML
import ParleyModel

/// Resolves the local media an archive's messages reference: checks each path, then copies the file
/// into `media/` by content hash (``MediaMode/copy``) or links to it where it is
/// (``MediaMode/link``); a file found inside a zip input (``MediaOptions/inputZips``, after the
/// folders) is copied in both modes, the batch's files read in one pass over the zip. Remote URLs are left alone and never fetched. A file that is not
/// passive media (``PassiveMedia``) is copied as `media/<sha256>.bin` and only offered for
/// download (``MediaLinks/downloads``), in both modes. Media the archive's store keeps (an MMS
/// part, named by an RFC 6920 `ni:` URI: ``MediaOptions/keptMedia``) is copied in both modes.
///
/// A path is refused — reported, never opened — when it is absolute (`/…`, `C:\…`, `file:`), has
/// a `..` component, or resolves (through symbolic links) outside the input folder. URLs of other
/// schemes (`javascript:`, `data:`) name no file: they are neither used nor reported.
struct MediaStore {
    let options: MediaOptions
    /// The links for pages of every reference resolved so far.
    private(set) var links: MediaLinks
    /// References refused or not found so far, in the order they were met.
    private(set) var problems: [MediaProblem] = []
    /// Files copied into `media/` so far.
    private(set) var copiedFiles = 0
    /// Distinct files outside the archive linked to so far (``MediaMode/link``).
    var linkedFiles: Int { linked.count }
    private var linked: Set<String> = []
    /// The `media/` names written so far, and every reference resolved so far.
    private var written: Set<String> = [], seen: Set<String> = []
    /// The zip inputs' entries.
    private var zips: ZipMedia

    init(options: MediaOptions) {
        self.options = options
        self.links = MediaLinks(mode: options.mode, allowsRemote: options.allowsRemote)
        zips = ZipMedia(zips: options.inputZips)
    }

    /// Resolves each local reference of `references` not resolved before, in order: the archive is
    /// rendered a batch of pages at a time, and each batch's references are resolved before its
    /// pages render.
    /// - Throws: ``RenderError/cannotWrite(path:reason:)`` when a copied file cannot be written.
    /// - Complexity: O(total size of the files copied) plus one path lookup per new distinct reference.
    mutating func resolve(_ references: [String], files: inout ArchiveFiles) throws(RenderError) {
        guard options.mode != .none else { return }
        let root = MediaPaths.realPath(files.root.path) ?? files.root.standardizedFileURL.path
        var inZips: [ZipMedia.Location: [String]] = [:]
        for reference in references where !LinkPolicy.isRemote(reference) && seen.insert(reference).inserted {
            if let uri = ContentURI(reference) {
                try copyKept(uri, for: reference, files: &files)
                continue
            }
            switch MediaPaths.locate(reference, in: options.inputFolders) {
            case nil:
                if let location = zips.locate(reference) {
                    inZips[location, default: []].append(reference)
                } else if ZipMedia.assetPointerID(reference) != nil, !options.inputZips.isEmpty {
                    problems.append(MediaProblem(reference: reference, reason: .missing))
                    links.missing.insert(reference)
                }
            case let .failure(problem):
                if problem.reason == .missing, let location = zips.locate(reference) {
                    inZips[location, default: []].append(reference)
                    continue
                }
                problems.append(problem)
                if problem.isOutsideExport { links.missing.insert(reference) }
            case let .success(path):
                switch options.mode {
                case .copy:
                    if let unreadable = try copyFile(at: path, extension: MediaPaths.fileExtension(path), for: reference, files: &files) {
                        problems.append(MediaProblem(reference: reference, reason: .unreadable(reason: unreadable)))
                    }
                case .link:
                    if !PassiveMedia.isPassive(extension: MediaPaths.fileExtension(path), prefix: Self.prefix(of: path)) {
                        links.downloads.insert(reference)
                    }
                    links.local[reference] = MediaPaths.relativeURLPath(from: root, to: path)
                    linked.insert(path)
                case .none: continue
                }
            }
        }
        guard !inZips.isEmpty else { return }
        var copying: MediaCopy?
        defer { copying?.discard() }
        try zips.read(Set(inZips.keys)) { (location, part) throws(RenderError) in
            let references = inZips[location] ?? []
            switch part {
            case let .bytes(chunk):
                if copying == nil { copying = try MediaCopy(files: &files) }
                copying?.write(chunk)
            case .end:
                if copying == nil { copying = try MediaCopy(files: &files) }
                guard var copy = copying else { return }
                copying = nil
                try name(&copy, extension: MediaPaths.fileExtension(location.path), for: references, files: &files)
            case let .unreadable(reason):
                copying?.discard()
                copying = nil
                problems += references.map { MediaProblem(reference: $0, reason: .unreadable(reason: reason)) }
            }
        }
    }

    /// Copies the file the archive's store keeps for `uri` (``MediaOptions/keptMedia``) into
    /// `media/`, its extension from the media type `uri` names (or, when the bytes are not of that
    /// type, from their magic number: ``PassiveMedia/sniffedExtension(prefix:)``), in both modes;
    /// reports it not kept when the store has no such file.
    /// - Throws: ``RenderError/cannotWrite(path:reason:)`` when the copy cannot be written.
    private mutating func copyKept(_ uri: ContentURI, for reference: String, files: inout ArchiveFiles) throws(RenderError) {
        guard let folder = options.keptMedia else { return }
        let path = folder.appendingPathComponent(uri.hex).path
        guard FileManager.default.fileExists(atPath: path) else {
            problems.append(MediaProblem(reference: reference, reason: .notKept(path: path)))
            links.missing.insert(reference)
            return
        }
        let ext = PassiveMedia.fileExtension(contentType: uri.contentType ?? "")
        if let unreadable = try copyFile(at: path, extension: ext, sniffing: true, for: reference, files: &files) {
            problems.append(MediaProblem(reference: reference, reason: .unreadable(reason: unreadable)))
        }
    }

    /// Copies the file at `path` into `media/` (``MediaCopy``), a chunk of ``copyChunkBytes`` at
    /// a time, and names it (``name(_:extension:sniffing:for:files:)``).
    /// - Returns: why the file could not be read, or nil when it was copied.
    /// - Throws: ``RenderError/cannotWrite(path:reason:)`` when the copy cannot be written.
    private mutating func copyFile(
        at path: String, extension ext: String, sniffing: Bool = false, for reference: String, files: inout ArchiveFiles
    ) throws(RenderError) -> String? {
        guard let input = FileHandle(forReadingAtPath: path) else { return "cannot open the file" }
        defer { try? input.close() }
        var copy = try MediaCopy(files: &files)
        while true {
            let chunk: Data
            do {
                guard let read = try input.read(upToCount: Self.copyChunkBytes), !read.isEmpty else { break }
                chunk = read
            } catch {
                copy.discard()
                return ArchiveFiles.reason(error)
            }
            chunk.withUnsafeBytes { copy.write($0) }
            if copy.unwritable != nil { break }
        }
        try name(&copy, extension: ext, sniffing: sniffing, for: [reference], files: &files)
        return nil
    }

    /// Gives a finished copy its name in `media/` — `<sha256><ext>`, or `<sha256>.bin` offered
    /// for download when it is not passive media (``PassiveMedia``); with `sniffing`, bytes not of
    /// type `ext` take the extension of the type they are — written once however many references
    /// name it (a copy of content already there is dropped), and links `references` to it.
    /// - Throws: ``RenderError/cannotWrite(path:reason:)`` when the copy could not be written or named.
    private mutating func name(
        _ copy: inout MediaCopy, extension ext: String, sniffing: Bool = false, for references: [String], files: inout ArchiveFiles
    ) throws(RenderError) {
        let digest = try copy.finish()
        var ext = ext
        if sniffing, !PassiveMedia.isPassive(extension: ext, prefix: copy.prefix),
            let sniffed = PassiveMedia.sniffedExtension(prefix: copy.prefix)
        {
            ext = sniffed
        }
        let isPassive = PassiveMedia.isPassive(extension: ext, prefix: copy.prefix)
        let name = "media/" + digest + (isPassive ? ext : ".bin")
        if written.insert(name).inserted {
            try files.adopt(copy.temporary, size: copy.size, as: name)
            copiedFiles += 1
        } else {
            copy.discard()
        }
        link(references, to: name, isPassive: isPassive)
    }

    /// The bytes read and written at a time by ``copyFile(at:extension:sniffing:for:files:)``: 1 MiB.
    static let copyChunkBytes = 1 << 20

    /// Links `references` to the copied file `name`, offered for download when it is not passive media.
    private mutating func link(_ references: [String], to name: String, isPassive: Bool) {
        for reference in references {
            if !isPassive { links.downloads.insert(reference) }
            links.local[reference] = name
        }
    }

    /// The first ``PassiveMedia/prefixLength`` bytes of the file at `path` (none when unreadable:
    /// then it is not passive).
    static func prefix(of path: String) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        return Array((try? handle.read(upToCount: PassiveMedia.prefixLength)) ?? Data())
    }

    /// The local media references a page of `messages` may show (those ``LinkPolicy/isRemote(_:)``
    /// does not call remote; only these are resolved): the author's avatar, attachments, stickers,
    /// custom emoji reactions (Unicode emoji are drawn as text) and embed images, each once, in
    /// order of first appearance, appended to `ordered` unless `seen` holds them already.
    /// - Complexity: O(the messages' references' lengths); the messages are read in place, not copied.
    static func appendLocalReferences(of messages: [Message], seen: inout Set<String>, to ordered: inout [String]) {
        messages.withUnsafeBufferPointer { buffer in
            guard let first = buffer.baseAddress else { return }
            for index in buffer.indices {
                _ = forEachReference(of: first + index) { reference in
                    if !LinkPolicy.isRemote(reference), seen.insert(reference).inserted { ordered.append(reference) }
                    return false
                }
            }
        }
    }

    /// The local media references of `messages`, as ``appendLocalReferences(of:seen:to:)`` lists them.
    static func localReferences(in messages: [Message]) -> [String] {
        var seen: Set<String> = []
        var ordered: [String] = []
        appendLocalReferences(of: messages, seen: &seen, to: &ordered)
        return ordered
    }

    /// Calls `visit` with each non-empty media reference of the message at `message`, in the
    /// order ``appendLocalReferences(of:seen:to:)`` lists them (repeats included), until it
    /// returns true.
    /// - Returns: whether `visit` returned true.
    private static func forEachReference(of message: UnsafePointer<Message>, _ visit: (String) -> Bool) -> Bool {
        func offer(_ reference: String?) -> Bool {
            guard let reference, !reference.isEmpty else { return false }
            return visit(reference)
        }
        if offer(message.pointee.author.avatarURL) { return true }
        if message.pointee.attachments.contains(where: { offer($0.url) }) { return true }
        if message.pointee.stickers.contains(where: { offer($0.url) }) { return true }
        if message.pointee.reactions.contains(where: { $0.emojiID != nil && offer($0.imageURL) }) { return true }
        return message.pointee.embeds.contains { offer($0.thumbnailURL) || $0.imageURLs.contains(where: offer) }
    }

    /// The directory's custom emoji images, by emoji id.
    static func references(in directory: Directory) -> [String] {
        directory.emoji.keys.sorted().compactMap { directory.emoji[$0]?.imageURL }.filter { !$0.isEmpty }
    }

    /// Whether `message` references a local file: one of its media references that is not a
    /// remote URL (``LinkPolicy/isRemote(_:)``). Read once per message as it is stored, so it
    /// copies nothing.
    /// - Complexity: O(the message's references' lengths).
    static func hasLocalMedia(_ message: Message) -> Bool {
        withUnsafePointer(to: message) { forEachReference(of: $0) { !LinkPolicy.isRemote($0) } }
    }
}
