/// A set of ASCII bytes as a 128-bit mask, for scanning UTF-8 text one byte at a time.
struct ByteSet: Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    /// The ASCII bytes of `characters` (other bytes are ignored).
    init(_ characters: StaticString) {
        characters.withUTF8Buffer { buffer in
            for byte in buffer where byte < 0x80 {
                if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
            }
        }
    }

    /// Whether `byte` is in the set; never for bytes of 0x80 and above.
    func contains(_ byte: UInt8) -> Bool {
        byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 && high & (1 << UInt64(byte - 64)) != 0
    }
}
