import Foundation

/// Zip files written at test time by Python's zlib: small entries given whole, and one large entry
/// of a prefix, `count` copies of one byte and a suffix, deflated about 1000:1 (each MiB of the fill
/// is one repeated, independently flushed deflate block, so a 1 GiB entry takes about a second).
enum ZipBomb {
    /// One large entry: `prefix`, then `count` bytes of `fill`, then `suffix`.
    struct Large {
        var name: String
        var prefix: String
        var fill: UInt8 = 0x61
        var count: Int
        var suffix: String
    }

    /// Writes a zip holding `small` (name and text) and then `large` to `url`.
    static func write(to url: URL, small: [(String, String)], large: Large) throws {
        let spec: [String: Any] = [
            "small": small.map { [$0.0, $0.1] },
            "large": [large.name, large.prefix, Int(large.fill), large.count, large.suffix],
        ]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let json = String(decoding: try JSONSerialization.data(withJSONObject: spec), as: UTF8.self)
        process.arguments = ["python3", "-c", script, url.path, json]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    private static let script = """
        import json, struct, sys, zlib
        path, spec = sys.argv[1], json.loads(sys.argv[2])
        def deflated(prefix, fill, count, suffix):
            c = zlib.compressobj(6, zlib.DEFLATED, -15)
            parts, crc = [c.compress(prefix), c.flush(zlib.Z_FULL_FLUSH)], zlib.crc32(prefix)
            chunk = bytes([fill]) * (1 << 20)
            block = c.compress(chunk) + c.flush(zlib.Z_FULL_FLUSH)
            for i in range(count >> 20):
                parts.append(block)
                crc = zlib.crc32(chunk, crc)
            rest = chunk[: count & ((1 << 20) - 1)] + suffix
            parts += [c.compress(rest), c.flush()]
            return b"".join(parts), zlib.crc32(rest, crc), len(prefix) + count + len(suffix)
        entries = [(n.encode(), *deflated(t.encode(), 0, 0, b"")) for n, t in spec["small"]]
        name, prefix, fill, count, suffix = spec["large"]
        entries.append((name.encode(), *deflated(prefix.encode(), fill, count, suffix.encode())))
        out, central = bytearray(), bytearray()
        for name, data, crc, size in entries:
            fields = struct.pack("<HHHHHIIIHH", 20, 0, 8, 0, 0x21, crc, len(data), size, len(name), 0)
            central += b"PK\\x01\\x02" + struct.pack("<H", 20) + fields + struct.pack("<HHHII", 0, 0, 0, 0, len(out)) + name
            out += b"PK\\x03\\x04" + fields + name + data
        end = struct.pack("<HHHHIIH", 0, 0, len(entries), len(entries), len(central), len(out), 0)
        open(path, "wb").write(bytes(out + central + b"PK\\x05\\x06" + end))
        """
}
