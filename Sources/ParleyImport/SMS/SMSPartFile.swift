import Foundation
import ParleyDigest

/// One MMS part's base64 `data` decoded into a file of a media folder as it streams past: written
/// to a temporary file (`.partial-UUID`) a chunk at a time while its SHA-256 is computed, flushed
/// to disk, then renamed to the digest's 64 hex digits — or dropped when the folder holds those
/// bytes already. Memory: one chunk of ``flushBytes``, whatever the part's size.
///
/// Base64 (RFC 4648 §4) is decoded by Foundation a whole number of 4-character groups at a time;
/// whitespace is skipped, and missing padding at the end supplied. Whether the text is valid base64 is ``Base64Check``'s to tell: text
/// that Foundation cannot decode makes the part fail here too.
final class SMSPartFile {
    /// How a part ended: the digest of its bytes, kept in the folder, or why it could not be.
    enum Outcome: Equatable {
        case kept(digest: [UInt8])
        case failed(reason: String)
    }

    /// Decoded bytes are written out once this many are waiting: 1 MiB.
    static let flushBytes = 1 << 20

    private let folder: URL
    private let temporary: URL
    private var handle: FileHandle?
    private var hasher = SHA256.Hasher()
    /// Base64 characters of a group not yet complete, then decoded bytes not yet written.
    private var symbols: [UInt8] = [], decoded = Data()
    private var failure: String?

    /// A part about to be decoded into `folder` (created when missing).
    init(folder: URL) {
        self.folder = folder
        temporary = folder.appendingPathComponent(".partial-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil),
                let handle = FileHandle(forWritingAtPath: temporary.path)
            else { throw CocoaError(.fileWriteUnknown) }
            self.handle = handle
        } catch {
            failure = "cannot create \(temporary.path): \(error.localizedDescription)"
        }
    }

    /// A part never finished — the input broke off inside it, or its text is not base64 — leaves
    /// no file behind.
    deinit {
        guard let handle else { return }
        try? handle.close()
        try? FileManager.default.removeItem(at: temporary)
    }

    /// Decodes the next base64 characters of the part.
    func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard failure == nil else { return }
        for byte in bytes where !Self.isWhitespace(byte) {
            symbols.append(byte)
            if symbols.count == Self.groupBytes { decodeSymbols() }
        }
        if decoded.count >= Self.flushBytes { write() }
    }

    /// Ends the part: its bytes kept under their digest's name, or why not.
    func finish() -> Outcome {
        if !symbols.isEmpty, failure == nil {
            while symbols.count % 4 != 0 { symbols.append(UInt8(ascii: "=")) }
            decodeSymbols()
        }
        write()
        do {
            if failure == nil { try handle?.synchronize() }
        } catch {
            failure = "cannot write \(temporary.path): \(error.localizedDescription)"
        }
        try? handle?.close()
        handle = nil
        if let failure {
            try? FileManager.default.removeItem(at: temporary)
            return .failed(reason: failure)
        }
        let digest = hasher.finish()
        let target = folder.appendingPathComponent(SHA256.hex(digest: digest))
        if FileManager.default.fileExists(atPath: target.path) {
            try? FileManager.default.removeItem(at: temporary)
            return .kept(digest: digest)
        }
        guard rename(temporary.path, target.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            return .failed(reason: "cannot name \(target.path): \(reason)")
        }
        return .kept(digest: digest)
    }

    /// Base64 characters decoded at a time: a multiple of 4.
    private static let groupBytes = 64 * 1024

    private static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// Decodes the characters held so far (a whole number of groups, or the text's last).
    private func decodeSymbols() {
        defer { symbols.removeAll(keepingCapacity: true) }
        guard let data = Data(base64Encoded: Data(symbols)) else {
            failure = "the base64 data does not decode"
            return
        }
        data.withUnsafeBytes { hasher.update($0) }
        decoded.append(data)
    }

    /// Writes the decoded bytes waiting.
    private func write() {
        guard failure == nil, let handle, !decoded.isEmpty else { return }
        do {
            try handle.write(contentsOf: decoded)
            decoded.removeAll(keepingCapacity: true)
        } catch {
            failure = "cannot write \(temporary.path): \(error.localizedDescription)"
        }
    }
}
