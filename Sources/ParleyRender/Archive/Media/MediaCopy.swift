import Foundation
import ParleyDigest

/// One media file being copied into the archive's `media/`, whatever it is read from (a file of
/// the input's folder, a zip entry, the store's kept media): written a chunk at a time to a
/// temporary file in `media/` while its SHA-256 and first bytes are taken, so a file of any size
/// is copied in constant memory. ``MediaStore`` then gives it its content name.
struct MediaCopy {
    /// The temporary file (`media/.partial-N`).
    let temporary: URL
    private let output: FileHandle
    private var hasher = SHA256.Hasher()
    /// The first ``PassiveMedia/prefixLength`` bytes written, for the passive-type check.
    private(set) var prefix: [UInt8] = []
    /// Bytes written so far.
    private(set) var size = 0
    /// Why writing failed, once it has.
    private(set) var unwritable: String?

    /// A copy into a new temporary file of `files`' `media/`.
    /// - Throws: ``RenderError/cannotWrite(path:reason:)`` when the file cannot be created.
    init(files: inout ArchiveFiles) throws(RenderError) {
        temporary = try files.temporaryFile(in: "media")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil),
            let output = FileHandle(forWritingAtPath: temporary.path)
        else { throw .cannotWrite(path: temporary.path, reason: "cannot create the file") }
        self.output = output
    }

    /// Writes the next bytes of the file (nothing once writing has failed).
    mutating func write(_ chunk: UnsafeRawBufferPointer) {
        guard unwritable == nil else { return }
        hasher.update(chunk)
        if prefix.count < PassiveMedia.prefixLength { prefix += chunk.prefix(PassiveMedia.prefixLength - prefix.count) }
        size += chunk.count
        do {
            try output.write(contentsOf: Data(chunk))
        } catch {
            unwritable = ArchiveFiles.reason(error)
        }
    }

    /// Closes the file and gives its digest as 64 hex digits.
    /// - Throws: ``RenderError/cannotWrite(path:reason:)`` when writing failed (the temporary
    ///   file is removed).
    mutating func finish() throws(RenderError) -> String {
        try? output.close()
        if let unwritable {
            discard()
            throw .cannotWrite(path: temporary.path, reason: unwritable)
        }
        return hasher.hex()
    }

    /// Closes and removes the temporary file: the copy is abandoned.
    func discard() {
        try? output.close()
        try? FileManager.default.removeItem(at: temporary)
    }
}
