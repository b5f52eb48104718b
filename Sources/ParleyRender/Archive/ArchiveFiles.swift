import Foundation
import ParleyAssets
import ParleyHTML

/// Creates folders and writes files below an archive's root, turning failures into ``RenderError``,
/// and counts what it wrote.
struct ArchiveFiles {
    let root: URL
    /// The bytes of every file written so far.
    private(set) var bytesWritten = 0
    /// The time spent in file writes so far (creating their folders included), by `ContinuousClock`.
    private(set) var writeTime: Duration = .zero

    init(root: URL) {
        self.root = root
    }

    func createFolder(_ url: URL) throws(RenderError) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreate(path: url.path, reason: Self.reason(error))
        }
    }

    mutating func write(_ html: SafeHTML, to relativePath: String) throws(RenderError) {
        var data = Data(capacity: html.bytes.count + 1)
        data.append(contentsOf: html.bytes)
        data.append(0x0A)
        try write(data: data, to: relativePath)
    }

    mutating func write(text: String, to relativePath: String) throws(RenderError) {
        try write(data: Data(text.utf8), to: relativePath)
    }

    mutating func write(data: Data, to relativePath: String) throws(RenderError) {
        let clock = ContinuousClock()
        let start = clock.now
        defer { writeTime += clock.now - start }
        let url = root.appendingPathComponent(relativePath)
        try createFolder(url.deletingLastPathComponent())
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw .cannotWrite(path: url.path, reason: Self.reason(error))
        }
        bytesWritten += data.count
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
