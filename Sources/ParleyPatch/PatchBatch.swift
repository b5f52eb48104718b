import ParleyHTML

/// The operations that take a page from version `base` to version `version`, applied in order
/// in one pass. On the wire: `{"v": version, "base": base, "p": 2, "e": epoch, "ops": [[tag, …], …]}`,
/// `p` being the patch protocol's version (``protocolVersion``) and `e` the channel's epoch
/// (written when set: the server sets it on every batch it sends).
public struct PatchBatch: Hashable, Sendable, CustomStringConvertible {
    /// The version of the patch protocol (`docs/PATCH-PROTOCOL.md`) the operations follow: the
    /// batches' `p` and the live page's `data-protocol`. A client of another version reloads the page.
    public static let protocolVersion = 2

    public var version: Int
    public var base: Int
    public var operations: [PatchOperation]
    /// The epoch of the versions (`ChannelEpoch`'s text), or nil: not written.
    public var epoch: String?

    public init(version: Int, base: Int, operations: [PatchOperation], epoch: String? = nil) {
        self.version = version
        self.base = base
        self.operations = operations
        self.epoch = epoch
    }

    /// The batch as compact JSON (UTF-8 bytes), as sent in a Server-Sent Events `data:` field.
    /// - Complexity: O(bytes written).
    public var json: [UInt8] {
        var writer = JSONWriter()
        writer.raw("{\"v\":\(version),\"base\":\(base),\"p\":\(Self.protocolVersion),")
        if let epoch {
            writer.raw("\"e\":")
            writer.string(epoch)
            writer.raw(",")
        }
        writer.raw("\"ops\":[")
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

    /// The bytes of the `ops` array alone (the batch's JSON less its `{"v":…,"base":…,"p":…,"ops":…}`
    /// envelope), the measure the patch benchmark compares.
    public var operationsByteCount: Int {
        json.count - PatchBatch(version: version, base: base, operations: [], epoch: epoch).json.count + 2
    }

    /// The JSON as a string: stable and readable in test failures.
    public var description: String { String(decoding: json, as: UTF8.self) }
}

/// Writes JSON text with RFC 8259 string escaping.
struct JSONWriter {
    var bytes: [UInt8] = []

    mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func string(_ text: String) { string(bytes: Array(text.utf8)) }

    /// Writes `input` as a JSON string: runs of bytes that need no escape are copied whole.
    mutating func string(bytes input: [UInt8]) {
        bytes.reserveCapacity(bytes.count + input.count + 16)
        bytes.append(0x22)
        var run = 0
        for index in input.indices {
            let byte = input[index]
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
            bytes.append(contentsOf: input[run..<index])
            run = index + 1
            bytes.append(0x5C)
            switch byte {
            case 0x22, 0x5C: bytes.append(byte)
            case 0x0A: bytes.append(0x6E)
            case 0x0D: bytes.append(0x72)
            case 0x09: bytes.append(0x74)
            default:
                bytes.append(contentsOf: "u00".utf8)
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0xF)])
            }
        }
        bytes.append(contentsOf: input[run...])
        bytes.append(0x22)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
