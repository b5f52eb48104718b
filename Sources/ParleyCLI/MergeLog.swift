import Glibc

/// The `--verbose` lines of `parley render`'s merged copies (``MergeSummary/line(_:)``), spooled
/// to an unnamed temporary file as the store side of the intake meets them and read back in order
/// once the store is committed, so memory does not grow with them (re-rendering an export of a
/// million messages merges a million copies). The file is removed when the log is released.
///
/// Used by one thread at a time: the intake's staging queue appends, and the command reads after
/// the staging is done.
final class MergeLog {
    private let file: UnsafeMutablePointer<FILE>
    /// Whether a write failed (the disk is full): reported by ``forEachLine(_:)``.
    private var failed = false

    /// - Throws: ``CommandFailure`` with ``ExitCode/ioError`` when no temporary file can be created.
    init() throws(CommandFailure) {
        guard let file = tmpfile() else {
            throw CommandFailure(
                .ioError, "--verbose: cannot create a temporary file for the merged messages: \(String(cString: strerror(errno)))")
        }
        self.file = file
    }

    deinit { fclose(file) }

    /// Appends `line` (one line: no line feed in it).
    func append(_ line: String) {
        if fputs(line + "\n", file) < 0 { failed = true }
    }

    /// Calls `body` with each line appended, in order.
    /// - Throws: ``CommandFailure`` with ``ExitCode/ioError`` when a line could not be written or
    ///   read back.
    func forEachLine(_ body: (String) -> Void) throws(CommandFailure) {
        if failed || fflush(file) != 0 {
            throw CommandFailure(
                .ioError, "--verbose: cannot write the merged messages to a temporary file: \(String(cString: strerror(errno)))")
        }
        rewind(file)
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        while true {
            let length = getline(&buffer, &capacity, file)
            guard length > 0, let buffer else { break }
            body(String(decoding: UnsafeRawBufferPointer(start: buffer, count: length - 1), as: UTF8.self))
        }
        if ferror(file) != 0 {
            throw CommandFailure(.ioError, "--verbose: cannot read the merged messages back from a temporary file")
        }
        fseek(file, 0, SEEK_END)
    }
}
