import ParleyModel

/// The `reset` batch of docs/PATCH-PROTOCOL.md: `{"v":V,"base":B,"e":EPOCH,"ops":[["reset",HTML]]}`,
/// which replaces the container's children and brings the client to version V of the epoch, for
/// a client whose version left the replay ring or whose epoch is another (written without `p`:
/// `reset` means the same in every protocol version).
enum ResetBatch {
    /// The batch's JSON (UTF-8); `html` is written as a JSON string (RFC 8259 escaping).
    /// - Parameters:
    ///   - version: The version the HTML shows.
    ///   - base: The client's version (0 when it named none).
    ///   - epoch: The channel's epoch, which the client adopts.
    /// - Complexity: O(bytes of `html`).
    static func json(version: Int, base: Int, epoch: ChannelEpoch, html: [UInt8]) -> [UInt8] {
        var bytes = Array("{\"v\":\(version),\"base\":\(base),\"e\":".utf8)
        bytes.reserveCapacity(html.count + 96)
        appendString(Array(epoch.rawValue.utf8), to: &bytes)
        bytes += Array(",\"ops\":[[\"reset\",".utf8)
        appendString(html, to: &bytes)
        bytes += Array("]]}".utf8)
        return bytes
    }

    /// Appends `text` as a JSON string (RFC 8259 escaping).
    private static func appendString(_ text: [UInt8], to bytes: inout [UInt8]) {
        bytes.append(0x22)
        for byte in text {
            switch byte {
            case 0x22: bytes += [0x5C, 0x22]
            case 0x5C: bytes += [0x5C, 0x5C]
            case 0x0A: bytes += [0x5C, 0x6E]
            case 0x0D: bytes += [0x5C, 0x72]
            case 0x09: bytes += [0x5C, 0x74]
            case 0x00..<0x20: bytes += Array(("\\u00" + hex(byte >> 4) + hex(byte & 0xF)).utf8)
            default: bytes.append(byte)
            }
        }
        bytes.append(0x22)
    }

    private static func hex(_ nibble: UInt8) -> String { String(nibble, radix: 16) }
}
