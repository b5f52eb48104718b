import Foundation

/// Splits UTF-8 text, fed a chunk at a time, into lines at `\n`; a line that straddles chunks is
/// held until its end arrives (one line in memory, never the text).
struct WhatsAppLineSplitter {
    /// One line of the text.
    struct Line {
        /// The line's bytes without its `\n` (a `\r` before it is kept); valid only during the call.
        var bytes: UnsafeRawBufferPointer
        /// Where the line starts, in bytes from the start of the text.
        var offset: Int
        /// The 1-based line number.
        var number: Int
        /// Whether a `\n` ended the line (false only for a last line without one).
        var terminated: Bool

        /// The bytes without a final `\r`: what a header is scanned in.
        var content: UnsafeRawBufferPointer {
            bytes.last == 0x0D ? UnsafeRawBufferPointer(rebasing: bytes.dropLast()) : bytes
        }
    }

    private var partial: [UInt8] = []
    private var offset = 0
    private var number = 0

    /// Hands `body` every line `chunk` ends, in order.
    /// - Complexity: O(chunk size).
    mutating func feed(_ chunk: UnsafeRawBufferPointer, _ body: (Line) -> Void) {
        var start = 0
        while start < chunk.count, let newline = Self.newline(in: chunk, from: start) {
            if partial.isEmpty {
                emit(UnsafeRawBufferPointer(rebasing: chunk[start..<newline]), terminated: true, body)
            } else {
                partial.append(contentsOf: chunk[start..<newline])
                var line: [UInt8] = []
                swap(&line, &partial)
                line.withUnsafeBytes { emit($0, terminated: true, body) }
                line.removeAll(keepingCapacity: true)
                partial = line
            }
            start = newline + 1
        }
        if start < chunk.count { partial.append(contentsOf: chunk[start...]) }
    }

    /// Ends the text: hands `body` the last line when it has no `\n` (an empty one is no line).
    mutating func finish(_ body: (Line) -> Void) {
        guard !partial.isEmpty else { return }
        let line = partial
        partial = []
        line.withUnsafeBytes { emit($0, terminated: false, body) }
    }

    private mutating func emit(_ bytes: UnsafeRawBufferPointer, terminated: Bool, _ body: (Line) -> Void) {
        number += 1
        body(Line(bytes: bytes, offset: offset, number: number, terminated: terminated))
        offset += bytes.count + (terminated ? 1 : 0)
    }

    /// The index of the next `\n` at or after `start`.
    private static func newline(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard let base = bytes.baseAddress, let found = memchr(base + start, 0x0A, bytes.count - start) else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }
}
