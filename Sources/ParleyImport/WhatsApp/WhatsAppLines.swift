import Foundation

/// The header lines of a WhatsApp export, found in one pass over its bytes.
///
/// Every line that starts with something shaped like a header is a candidate; the shape most
/// candidates share is the export's, and only candidates of that shape start messages. Lines in
/// between are continuation lines of the message before them, even when they start with a date
/// or contain `: `.
struct WhatsAppLines {
    /// A header line: its header, where it starts (bytes) and its 1-based line number.
    struct HeaderLine {
        var header: WhatsAppHeader
        var start: Int
        var end: Int
        var number: Int
    }

    /// Header lines of the export's shape, in file order.
    private(set) var headers: [HeaderLine] = []
    /// Lines shaped like a header of another shape, kept as continuation lines.
    private(set) var strays: [HeaderLine] = []
    /// The first non-empty line, when it is not a header: (line number, byte offset).
    private(set) var leadingText: (line: Int, offset: Int)?

    /// Scans `bytes` (UTF-8), stopping after `limit` lines when given.
    /// - Complexity: O(n) in the bytes; headers are found from each line's first 160 bytes.
    init(_ bytes: UnsafeRawBufferPointer, limit: Int? = nil) {
        var scanner = WhatsAppHeaderScanner()
        var candidates: [HeaderLine] = []
        var start = 0, number = 0
        while start < bytes.count, number < (limit ?? Int.max) {
            number += 1
            let newline = Self.nextNewline(bytes, from: start)
            var end = newline
            if end > start, bytes[end - 1] == 0x0D { end -= 1 }
            if let header = scanner.scan(UnsafeRawBufferPointer(rebasing: bytes[start..<end])) {
                candidates.append(HeaderLine(header: header, start: start, end: end, number: number))
            } else if candidates.isEmpty, leadingText == nil, !Self.isBlank(bytes[start..<end]) {
                leadingText = (number, start)
            }
            start = newline + 1
        }
        var counts: [WhatsAppHeader.Shape: Int] = [:]
        for candidate in candidates { counts[candidate.header.shape, default: 0] += 1 }
        let best = candidates.first { counts[$0.header.shape] == counts.values.max() }?.header.shape
        for candidate in candidates {
            if candidate.header.shape == best { headers.append(candidate) } else { strays.append(candidate) }
        }
    }

    /// The index of the next `\n` at or after `start`, or the end of the bytes.
    static func nextNewline(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        guard start < bytes.count else { return bytes.count }
        let base = bytes.baseAddress! + start
        guard let found = memchr(base, 0x0A, bytes.count - start) else { return bytes.count }
        return start + (UnsafeRawPointer(found) - UnsafeRawPointer(base))
    }

    private static func isBlank(_ bytes: Slice<UnsafeRawBufferPointer>) -> Bool {
        String(decoding: bytes, as: UTF8.self).unicodeScalars.allSatisfy {
            WhatsAppCharacters.isSpace($0) || WhatsAppCharacters.isDirectionMark($0)
        }
    }
}
