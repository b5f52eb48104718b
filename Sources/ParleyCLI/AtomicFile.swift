import Foundation

/// Writes a file atomically with POSIX calls: the bytes go to a new hidden file beside the
/// destination (`.NAME.parley-UUID`), which rename(2) then puts in place, so readers see the
/// old file or the whole new one. Failures carry the operating system's words (`strerror`).
enum AtomicFile {
    /// Writes `data` to `path`.
    /// - Throws: the reason, such as `No such file or directory` or `Is a directory`.
    static func write(_ data: Data, to path: String) throws(AtomicFileError) {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).parley-\(UUID().uuidString)").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { throw AtomicFileError(reason: String(cString: strerror(errno))) }
        var failure: String?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                guard written > 0 else {
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw AtomicFileError(reason: failure)
        }
    }
}

/// Why ``AtomicFile`` could not write: the operating system's words.
struct AtomicFileError: Error, Equatable {
    var reason: String
}
