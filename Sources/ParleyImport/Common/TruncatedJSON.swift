import Foundation

/// Recovers what a truncated JSON export holds before its break: the rule that a file cut short
/// (a download or copy that stopped) keeps every record read before the break.
///
/// One pass over the bytes (strings and escapes skipped, so brackets inside text do not count)
/// finds the containers still open at the end. The innermost open container stored under one of
/// the format's record keys (`messages`, `mapping`, or `$` for a top-level array) is cut after its
/// last complete record, and every open container is closed. The record the file ended inside is
/// left out and named; nothing that was partly read is kept. When the break falls after the
/// record lists (in a trailing field such as DiscordChatExporter's `messageCount`), the document is
/// cut after its last whole field. A file whose containers all close is not truncated.
/// - Complexity: O(n) in the file's size; one copy of the kept bytes.
struct TruncatedJSON {
    /// The kept bytes, closed into a complete document.
    var document: Data
    /// The JSON path of the record list that was cut (`messages`).
    var list: String
    /// The JSON path of the record the file ended inside (`messages[7]`); nil when the break fell
    /// right after a whole record or after the record lists.
    var lostRecord: String?
    /// How many bytes of the file were read before the break.
    var size: Int

    private struct Frame {
        var isArray: Bool
        /// The key this container is stored under in its parent object; nil in an array or at the root.
        var key: String?
        var open: Int
        var lastComma: Int?
        /// Just past the last container that closed directly inside this one (a whole record).
        var lastEnd: Int?
        var commas = 0
        var expectsKey: Bool
    }

    /// The document `data` held before it was cut short, or nil when `data` is not a JSON
    /// document cut short (its containers all close, or a closing bracket does not match).
    init?(_ data: Data, recordKeys: Set<String>) {
        var frames: [Frame] = []
        var inString = false, escaped = false
        var key: [UInt8] = [], readingKey = false, pendingKey: String?
        for (index, byte) in data.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == 0x5C {
                    escaped = true
                } else if byte == 0x22 {
                    inString = false
                    if readingKey {
                        pendingKey = String(decoding: key, as: UTF8.self)
                        readingKey = false
                    }
                } else if readingKey, key.count < 256 {
                    key.append(byte)
                }
                continue
            }
            switch byte {
            case 0x22:
                inString = true
                if let last = frames.last, !last.isArray, last.expectsKey {
                    readingKey = true
                    key.removeAll(keepingCapacity: true)
                }
            case 0x7B, 0x5B:
                let parentIsObject = frames.last.map { !$0.isArray } ?? false
                frames.append(
                    Frame(isArray: byte == 0x5B, key: parentIsObject ? pendingKey : nil, open: index, expectsKey: byte == 0x7B))
                pendingKey = nil
            case 0x7D, 0x5D:
                guard let last = frames.popLast(), last.isArray == (byte == 0x5D) else { return nil }
                if !frames.isEmpty { frames[frames.count - 1].lastEnd = index + 1 }
            case 0x2C:
                guard !frames.isEmpty else { return nil }
                frames[frames.count - 1].lastComma = index
                frames[frames.count - 1].commas += 1
                frames[frames.count - 1].expectsKey = !frames[frames.count - 1].isArray
            case 0x3A:
                guard !frames.isEmpty else { return nil }
                frames[frames.count - 1].expectsKey = false
            default:
                break
            }
        }
        let isList = { (depth: Int) in
            frames[depth].key.map(recordKeys.contains) ?? (depth == 0 && frames[0].isArray && recordKeys.contains("$"))
        }
        guard !frames.isEmpty else { return nil }
        let level = frames.indices.last(where: isList) ?? 0
        let inRecords = isList(level)
        let frame = frames[level]
        let afterWholeRecord = (frame.lastEnd ?? -1) > (frame.lastComma ?? -1)
        let cut = afterWholeRecord ? frame.lastEnd ?? 0 : frame.lastComma ?? frame.open + 1
        var kept = Data(data[data.startIndex..<data.startIndex + cut])
        kept.append(contentsOf: frames[...level].reversed().map { $0.isArray ? 0x5D : 0x7D })
        document = kept
        size = data.count
        var path = ""
        for (depth, frame) in frames[...level].enumerated() {
            if let name = frame.key { path += path.isEmpty ? name : ".\(name)" }
            if depth < level, frame.isArray { path += "[\(frame.commas)]" }
        }
        list = path.isEmpty ? "$" : path
        lostRecord = afterWholeRecord || !inRecords ? nil : list + (frame.isArray ? "[\(frame.commas)]" : "")
    }

    /// The diagnostic for the break: the record the file ended inside is left out (a skipped
    /// record), or, when it ended right after a whole record, nothing is lost.
    func diagnostic(file: String) -> Diagnostic {
        guard let lostRecord else {
            return Diagnostic(
                file: file, location: list, message: "the file ends at byte \(size) (truncated?); every record in it is kept")
        }
        return .skipped(
            file: file, location: lostRecord,
            reason: "the file ends at byte \(size) inside this record (truncated?); every record before it is kept")
    }
}
