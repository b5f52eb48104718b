/// The bytes of the index's classic scripts: a call of a `window.ParleySearch` function whose
/// argument is JSON (`docs/SEARCH-INDEX.md`), built byte by byte (a million snippets per archive).
struct SearchScript {
    var bytes: [UInt8] = []

    init(capacity: Int = 4096) { bytes.reserveCapacity(capacity) }

    mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func raw(_ byte: UInt8) { bytes.append(byte) }

    mutating func number(_ value: Int64) { bytes.append(contentsOf: String(value).utf8) }

    mutating func number(_ value: Int) { number(Int64(value)) }

    /// `text` as a JSON string: `"` and `\` escaped, control characters as `\u00XX` (line feed as
    /// `\n`), the rest as UTF-8, copied a run at a time between the bytes that need escaping.
    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        if text.utf8.withContiguousStorageIfAvailable({ appendEscaped($0) }) == nil {
            Array(text.utf8).withUnsafeBufferPointer { appendEscaped($0) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscaped(_ source: UnsafeBufferPointer<UInt8>) {
        var start = 0
        for index in source.indices {
            let byte = source[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[start..<index]))
            start = index + 1
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
            case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
            default:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: #"\u00"#.utf8)
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 15)])
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[start...]))
    }

    /// A list of `items`, each written by `body`, separated by commas.
    mutating func list<T>(_ items: some Sequence<T>, _ body: (inout SearchScript, T) -> Void) {
        raw(UInt8(ascii: "["))
        var first = true
        for item in items {
            if !first { raw(UInt8(ascii: ",")) }
            first = false
            body(&self, item)
        }
        raw(UInt8(ascii: "]"))
    }
}
