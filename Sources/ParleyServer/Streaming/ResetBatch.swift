/// The `reset` batch of docs/PATCH-PROTOCOL.md: `{"v":V,"base":B,"ops":[["reset",HTML]]}`,
/// which replaces the container's children, for a client whose version left the replay ring.
enum ResetBatch {
    /// The batch's JSON (UTF-8); `html` is written as a JSON string (RFC 8259 escaping).
    /// - Parameters:
    ///   - version: The version the HTML shows.
    ///   - base: The client's version, so the client applies it.
    /// - Complexity: O(bytes of `html`).
    static func json(version: Int, base: Int, html: [UInt8]) -> [UInt8] {
        var bytes = Array("{\"v\":\(version),\"base\":\(base),\"ops\":[[\"reset\",\"".utf8)
        bytes.reserveCapacity(html.count + 64)
        for byte in html {
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
        bytes += Array("\"]]}".utf8)
        return bytes
    }

    private static func hex(_ nibble: UInt8) -> String { String(nibble, radix: 16) }
}
