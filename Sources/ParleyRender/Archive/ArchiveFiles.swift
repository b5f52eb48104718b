import Foundation
import ParleyAssets
import ParleyHTML

/// Creates folders and writes files below an archive's root, turning failures into ``RenderError``.
struct ArchiveFiles {
    let root: URL

    func createFolder(_ url: URL) throws(RenderError) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreate(path: url.path, reason: Self.reason(error))
        }
    }

    func write(_ html: SafeHTML, to relativePath: String) throws(RenderError) {
        var data = Data(capacity: html.bytes.count + 1)
        data.append(contentsOf: html.bytes)
        data.append(0x0A)
        try write(data: data, to: relativePath)
    }

    func write(text: String, to relativePath: String) throws(RenderError) {
        try write(data: Data(text.utf8), to: relativePath)
    }

    func write(data: Data, to relativePath: String) throws(RenderError) {
        let url = root.appendingPathComponent(relativePath)
        try createFolder(url.deletingLastPathComponent())
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw .cannotWrite(path: url.path, reason: Self.reason(error))
        }
    }

    /// Copies every file of `Public/` into `public/`.
    func copyPublicAssets() throws(RenderError) {
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
