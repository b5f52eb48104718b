import ParleyHTML

/// The operations that take a page from version `base` to version `version`, applied in order
/// in one pass. On the wire: `{"v": version, "base": base, "ops": [[tag, …], …]}`.
public struct PatchBatch: Hashable, Sendable, CustomStringConvertible {
    public var version: Int
    public var base: Int
    public var operations: [PatchOperation]

    public init(version: Int, base: Int, operations: [PatchOperation]) {
        self.version = version
        self.base = base
        self.operations = operations
    }

    /// The batch as compact JSON (UTF-8 bytes), as sent in a Server-Sent Events `data:` field.
    /// - Complexity: O(bytes written).
    public var json: [UInt8] {
        var writer = JSONWriter()
        writer.raw("{\"v\":\(version),\"base\":\(base),\"ops\":[")
        for (index, operation) in operations.enumerated() {
            if index > 0 { writer.raw(",") }
            writer.raw("[")
            writer.string(operation.tag)
            for argument in operation.arguments {
                writer.raw(",")
                switch argument {
                case let .text(text): writer.string(text)
                case let .optional(text): if let text { writer.string(text) } else { writer.raw("null") }
                case let .html(html): writer.string(bytes: html.bytes)
                }
            }
            writer.raw("]")
        }
        writer.raw("]}")
        return writer.bytes
    }

    /// The bytes of the `ops` array alone (the batch's JSON less its `{"v":…,"base":…,"ops":…}`
    /// envelope), the measure the patch benchmark compares.
    public var operationsByteCount: Int {
        json.count - PatchBatch(version: version, base: base, operations: []).json.count + 2
    }

    /// The JSON as a string: stable and readable in test failures.
    public var description: String { String(decoding: json, as: UTF8.self) }
}

/// Writes JSON text with RFC 8259 string escaping.
struct JSONWriter {
    var bytes: [UInt8] = []

    mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func string(_ text: String) { string(bytes: Array(text.utf8)) }

    mutating func string(bytes input: [UInt8]) {
        bytes.append(0x22)
        for byte in input {
            switch byte {
            case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
            case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: bytes.append(contentsOf: [0x5C, 0x6E])
            case 0x0D: bytes.append(contentsOf: [0x5C, 0x72])
            case 0x09: bytes.append(contentsOf: [0x5C, 0x74])
            case 0x00..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(0x22)
    }
}
