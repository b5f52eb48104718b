import Glibc

/// Rewrites the `\xHH` escapes Telegram Desktop writes for control characters (HH `00`–`1F`,
/// any case) into JSON's `\u00HH`, as the bytes stream past, so a strict parser reads them as
/// that character.
///
/// Telegram Desktop's `export_output_json.cpp` (`SerializeString`) writes every byte below 0x20
/// other than tab, newline and carriage return as `\x` and two hexadecimal digits, which JSON does
/// not allow. Any other escape, `\x` with other digits included, is left as it is for the parser
/// to refuse. A backslash in JSON only ever begins an escape (inside a string; outside one it is an
/// error either way), so only runs of backslashes need following, not strings: `\\x0B` is an escaped
/// backslash and the text `x0B`, and stays so.
///
/// An escape cut by the end of a chunk is held (at most 3 bytes) and completed by the next one
/// (or, at the end of the input, handed over as it is: ``takePending()``).
/// Each rewrite makes the output 2 bytes longer than its input; ``originalOffset(of:)`` maps a
/// place in the last output back to the input, so errors name the byte of the file.
struct HexEscapeRewriter {
    /// The bytes to hand to the parser for the last chunk.
    private(set) var output: [UInt8] = []
    /// Where each rewritten escape of ``output`` begins, in order.
    private var rewrites: [Int] = []
    /// The input bytes of an escape the last chunk ended inside.
    private(set) var pending: [UInt8] = []

    /// The input bytes ``output`` stands for: its length less 2 bytes per rewrite.
    var consumed: Int { output.count - 2 * rewrites.count }

    /// Rewrites `chunk`, preceded by the bytes held from the previous one, into ``output``; an
    /// escape `chunk` ends inside is held back for the next call, or for ``takePending()``.
    /// - Complexity: O(bytes); `memchr` finds the backslashes.
    mutating func rewrite(_ chunk: UnsafeRawBufferPointer) {
        output.removeAll(keepingCapacity: true)
        rewrites.removeAll(keepingCapacity: true)
        guard !pending.isEmpty else { return scan(chunk) }
        let joined = pending + chunk
        pending.removeAll()
        joined.withUnsafeBytes { scan($0) }
    }

    /// The bytes held at the end of the input: the start of an escape the input ended inside
    /// (`\`, `\x`, `\x0`, `\x1`), a truncated string; none are held afterwards.
    mutating func takePending() -> [UInt8] {
        defer { pending.removeAll() }
        return pending
    }

    /// The place in the input of byte `index` of ``output``: every rewrite before it counts 2 bytes
    /// less; a byte inside a rewritten `\u00HH` maps to the `\xHH` it came from.
    /// - Complexity: O(log rewrites).
    func originalOffset(of index: Int) -> Int {
        var low = 0
        var high = rewrites.count
        while low < high {
            let middle = (low + high) / 2
            if rewrites[middle] <= index { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return index }
        let start = rewrites[low - 1]
        let before = start - 2 * (low - 1)
        return index - start < 6 ? before + min(index - start, 3) : index - 2 * low
    }

    private mutating func scan(_ input: UnsafeRawBufferPointer) {
        guard let base = input.baseAddress else { return }
        var copied = 0
        var from = 0
        var end = input.count
        while from < input.count, let found = memchr(base + from, 0x5C, input.count - from) {
            let slash = base.distance(to: UnsafeRawPointer(found))
            guard slash + 1 < input.count else {
                end = slash
                break
            }
            guard input[slash + 1] == 0x78 else {
                from = slash + 2
                continue
            }
            // `\x`, `\x0` or `\x1` at the end may be the start of an escape: hold it.
            guard slash + 2 < input.count, !Self.isHighDigit(input[slash + 2]) || slash + 3 < input.count else {
                end = slash
                break
            }
            guard Self.isHighDigit(input[slash + 2]), Self.isHexDigit(input[slash + 3]) else {
                from = slash + 2
                continue
            }
            output.append(contentsOf: UnsafeRawBufferPointer(rebasing: input[copied..<slash]))
            rewrites.append(output.count)
            output.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, input[slash + 2], input[slash + 3]])
            copied = slash + 4
            from = slash + 4
        }
        output.append(contentsOf: UnsafeRawBufferPointer(rebasing: input[copied..<end]))
        pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: input[end...]))
    }

    /// `0` or `1`: the first digit of a byte below 0x20.
    private static func isHighDigit(_ byte: UInt8) -> Bool { byte == 0x30 || byte == 0x31 }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }
}
