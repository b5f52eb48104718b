import Foundation
import Glibc
import ParleyAssets
import ParleyHTML

/// Creates folders and writes files below an archive's root, turning failures into ``RenderError``,
/// and counts what it wrote.
///
/// Given the archive it replaces, a file whose bytes equal those of the previous archive's file
/// at the same path (one Parley wrote, by that archive's manifest) is not written again: the
/// previous file is hard-linked in its place, so it keeps its bytes, inode and modification time
/// through the swap. Where a link cannot be made (another file system), the file is written.
struct ArchiveFiles {
    let root: URL
    /// The archive being replaced and which of its files are Parley's, if any.
    private let previous: (root: URL, manifest: ArchiveManifest)?
    /// The bytes of every file of the archive so far (written or kept).
    private(set) var bytesWritten = 0
    /// The time spent in file writes so far (creating their folders included), by `ContinuousClock`.
    private(set) var writeTime: Duration = .zero
    /// HTML pages written with new bytes, and pages kept from the previous archive.
    private(set) var pagesRewritten = 0, pagesUnchanged = 0
    /// The previous archive's pages by folder (`c/NAME/`), listed on first use.
    private var previousPagesByFolder: [String: [String]]?
    /// The folders created so far by ``write(data:to:countsAsPage:)``.
    private var createdFolders: Set<String> = []
    /// Files written under ``temporaryFile(in:)`` names so far.
    private var partialFiles = 0
    /// The files written last, held until their pages leave the page cache.
    private let dropBehind = DropBehind()

    init(root: URL, replacing previous: URL? = nil) {
        self.root = root
        self.previous = previous.flatMap { folder in
            StagedFolder.holdsArchive(folder) ? (folder, ArchiveManifest.read(from: folder)) : nil
        }
    }

    func createFolder(_ url: URL) throws(RenderError) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreate(path: url.path, reason: Self.reason(error))
        }
    }

    /// Writes `html` and a final newline to `relativePath`; it counts among the pages
    /// (``pagesRewritten``, ``pagesUnchanged``) unless `countsAsPage` is false (a redirect page).
    mutating func write(_ html: SafeHTML, to relativePath: String, countsAsPage: Bool = true) throws(RenderError) {
        var data = Data(capacity: html.bytes.count + 1)
        data.append(contentsOf: html.bytes)
        data.append(0x0A)
        try write(data: data, to: relativePath, countsAsPage: countsAsPage)
    }

    mutating func write(text: String, to relativePath: String) throws(RenderError) {
        try write(data: Data(text.utf8), to: relativePath)
    }

    mutating func write(data: Data, to relativePath: String, countsAsPage: Bool = true) throws(RenderError) {
        let clock = ContinuousClock()
        let start = clock.now
        defer { writeTime += clock.now - start }
        let url = root.appendingPathComponent(relativePath)
        let folder = url.deletingLastPathComponent()
        if !createdFolders.contains(folder.path) {
            try createFolder(folder)
            createdFolders.insert(folder.path)
        }
        bytesWritten += data.count
        let isPage = countsAsPage && relativePath.hasSuffix(".html")
        if keepPrevious(relativePath, ifEqualTo: data, at: url) {
            if isPage { pagesUnchanged += 1 }
            return
        }
        // The root is the staging folder, swapped in whole once complete and flushed to disk once
        // before (FileSystemSync): no file needs its own temporary copy, rename or fsync.
        try Self.create(url.path, holding: data, dropBehind: dropBehind)
        if isPage { pagesRewritten += 1 }
    }

    /// Closes the files still held open after their writes (``DropBehind``), the time it takes
    /// counted in ``writeTime``.
    /// - Throws: ``RenderError/cannotWrite(path:reason:)`` when closing one fails.
    mutating func finish() throws(RenderError) {
        let clock = ContinuousClock()
        let start = clock.now
        defer { writeTime += clock.now - start }
        try dropBehind.finish()
    }

    /// Creates (or truncates) the file at `path`, mode 0666 less the umask, writes `data`, starts
    /// its write-back and hands it to `dropBehind`.
    /// - Throws: ``RenderError/cannotWrite(path:reason:)`` naming the system's reason.
    private static func create(_ path: String, holding data: Data, dropBehind: DropBehind) throws(RenderError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        let failure: Int32? = data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        guard let failure else {
            FileSystemSync.startWriteBack(descriptor)
            try dropBehind.add(descriptor, path: path)
            return
        }
        close(descriptor)
        throw .cannotWrite(path: path, reason: String(cString: strerror(failure)))
    }

    /// Moves `temporary` (a file written inside the archive's folder, `size` bytes) to
    /// `relativePath`, or — when the previous archive holds Parley's file of that name and size,
    /// which a content-hash name makes the same bytes — links the previous file there and removes
    /// `temporary`, so an unchanged media file keeps its inode and modification time.
    /// - Throws: ``RenderError/cannotWrite(path:reason:)`` when the file cannot be moved.
    mutating func adopt(_ temporary: URL, size: Int, as relativePath: String) throws(RenderError) {
        let url = root.appendingPathComponent(relativePath)
        bytesWritten += size
        if let old = previousFile(relativePath), old.size == size, link(old.path, url.path) == 0 {
            try? FileManager.default.removeItem(at: temporary)
            return
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw .cannotWrite(path: url.path, reason: reason)
        }
    }

    /// A new path inside the archive's `folder` (created if missing) for a file written before its
    /// name is known: `folder/.partial-N`, never a name Parley gives a file.
    /// - Throws: ``RenderError/cannotWrite(path:reason:)`` when the folder cannot be created.
    mutating func temporaryFile(in folder: String) throws(RenderError) -> URL {
        let url = root.appendingPathComponent(folder)
        if !createdFolders.contains(url.path) {
            try createFolder(url)
            createdFolders.insert(url.path)
        }
        partialFiles += 1
        return url.appendingPathComponent(".partial-\(partialFiles)")
    }

    /// Keeps the previous archive's page at `relativePath` without rendering it again: links it
    /// into place when it is Parley's and a regular file.
    /// - Returns: whether it was kept (false: the page must be rendered and written).
    mutating func keepPage(_ relativePath: String) -> Bool {
        guard let old = previousFile(relativePath) else { return false }
        let url = root.appendingPathComponent(relativePath)
        guard (try? createFolder(url.deletingLastPathComponent())) != nil, link(old.path, url.path) == 0 else { return false }
        bytesWritten += old.size
        pagesUnchanged += 1
        return true
    }

    /// The text of the previous archive's file at `relativePath`, when it is Parley's, a regular
    /// file and at most `limit` bytes (nil otherwise: the caller goes without it).
    func previousText(_ relativePath: String, limit: Int) -> String? {
        guard let old = previousFile(relativePath), old.size <= limit, let data = FileManager.default.contents(atPath: old.path) else {
            return nil
        }
        return String(data: data, encoding: .utf8)
    }

    /// The bytes of the previous archive's file at `relativePath`, when it is Parley's, a regular
    /// file and at most `limit` bytes (nil otherwise).
    func previousBytes(_ relativePath: String, limit: Int) -> [UInt8]? { Self.bytes(relativePath, limit: limit, of: previous) }

    /// ``previousBytes(_:limit:)`` for another thread: it holds the previous archive's place and
    /// manifest, nothing of the files being written.
    var previousBytesReader: @Sendable (_ relativePath: String, _ limit: Int) -> [UInt8]? {
        { [previous] in Self.bytes($0, limit: $1, of: previous) }
    }

    private static func bytes(_ relativePath: String, limit: Int, of previous: (root: URL, manifest: ArchiveManifest)?) -> [UInt8]? {
        guard let old = file(relativePath, of: previous), old.size <= limit, let data = FileManager.default.contents(atPath: old.path)
        else { return nil }
        return [UInt8](data)
    }

    /// Links the previous archive's file at `relativePath` to `url` when it is Parley's, a
    /// regular file, and holds exactly `data`.
    /// - Complexity: O(bytes) to compare.
    private func keepPrevious(_ relativePath: String, ifEqualTo data: Data, at url: URL) -> Bool {
        guard let old = previousFile(relativePath), old.size == data.count, FileManager.default.contents(atPath: old.path) == data else {
            return false
        }
        return link(old.path, url.path) == 0
    }

    /// The previous archive's file at `relativePath` when it is Parley's (by that archive's
    /// manifest) and a regular file, not a link: its path and size.
    private func previousFile(_ relativePath: String) -> (path: String, size: Int)? { Self.file(relativePath, of: previous) }

    private static func file(_ relativePath: String, of previous: (root: URL, manifest: ArchiveManifest)?) -> (path: String, size: Int)? {
        guard let previous, previous.manifest.isParleys(relativePath) else { return nil }
        let path = previous.root.appendingPathComponent(relativePath).path
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return (path, Int(status.st_size))
    }

    /// The pages (`.html` files) the previous archive holds directly in `folder` (a path such as
    /// `c/NAME/`), Parley's by its manifest, in byte order; none when it has no manifest.
    /// - Complexity: O(files in the previous archive's manifest) on the first call (the pages are
    ///   listed by folder once), then O(1) plus the pages returned.
    mutating func previousPages(below folder: String) -> [String] {
        if previousPagesByFolder == nil {
            var byFolder: [String: [String]] = [:]
            for path in previous?.manifest.files ?? [] where path.hasSuffix(".html") {
                guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { continue }
                byFolder[String(path[...slash]), default: []].append(path)
            }
            for (key, paths) in byFolder { byFolder[key] = paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } }
            previousPagesByFolder = byFolder
        }
        return previousPagesByFolder?[folder] ?? []
    }

    /// Copies every file of `Public/` into `public/`.
    mutating func copyPublicAssets() throws(RenderError) {
        guard let source = Assets.publicDirectory else { throw .missingResources(searched: Assets.searchedLocations) }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: source.path).sorted()
        } catch {
            throw .cannotCopy(path: source.path, reason: Self.reason(error))
        }
        for name in names {
            let data: Data
            do {
                data = try Data(contentsOf: source.appendingPathComponent(name))
            } catch {
                throw .cannotCopy(path: source.appendingPathComponent(name).path, reason: Self.reason(error))
            }
            try write(data: data, to: "public/" + name)
        }
    }

    /// The icon's path below the archive root.
    static let iconPath = "favicon.ico"

    /// Writes Parley's icon (``Assets/favicon``) to `favicon.ico` at the root, unless the archive
    /// being replaced holds a `favicon.ico` Parley did not write: that one is the user's, is carried
    /// over unchanged, and the pages link it.
    mutating func writeIcon() throws(RenderError) {
        if let previous, !previous.manifest.isParleys(Self.iconPath),
            CarryOver.kind(previous.root.appendingPathComponent(Self.iconPath)) != nil
        {
            return
        }
        guard let source = Assets.favicon else { throw .missingResources(searched: Assets.searchedLocations) }
        let data: Data
        do {
            data = try Data(contentsOf: source)
        } catch {
            throw .cannotCopy(path: source.path, reason: Self.reason(error))
        }
        try write(data: data, to: Self.iconPath)
    }

    static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(underlying.code))
        {
            return String(cString: strerror(code.rawValue))
        }
        return nsError.localizedDescription
    }
}
