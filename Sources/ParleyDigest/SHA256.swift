/// SHA-256 of a byte sequence (FIPS 180-4, section 6.2), for naming media by content (copied
/// media, the MMS parts an archive's store keeps): whole (``hex(_:)``) or fed a chunk at a time
/// (``Hasher``), so a file of any size is named in constant memory.
///
/// Written here because Foundation on Linux has no digest API and Parley takes no package
/// dependencies. Checked against the FIPS 180-4 example vectors in the tests.
package enum SHA256 {
    fileprivate static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// The digest as 64 lowercase hex digits.
    /// - Complexity: O(n) in the input's length.
    package static func hex(_ bytes: some Collection<UInt8>) -> String {
        var hasher = Hasher()
        Array(bytes).withUnsafeBytes { hasher.update($0) }
        return hasher.hex()
    }

    /// A digest's bytes as lowercase hex digits, two per byte.
    package static func hex(digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        return String(digest.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0f)]] })
    }

    /// The 32-byte digest.
    package static func digest(_ input: [UInt8]) -> [UInt8] {
        var hasher = Hasher()
        input.withUnsafeBytes { hasher.update($0) }
        return hasher.finish()
    }

    /// A digest fed a chunk at a time: ``update(_:)`` with each chunk in order, then ``finish()``
    /// or ``hex()`` once. Holds at most one 64-byte block besides its state.
    package struct Hasher {
        private var state: [UInt32] = [
            0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
        ]
        /// The bytes of a block not yet complete (fewer than 64).
        private var pending: [UInt8] = []
        /// Bytes fed so far.
        private var length: UInt64 = 0
        private var words = [UInt32](repeating: 0, count: 64)

        /// A digest of nothing yet.
        package init() {}

        /// Feeds `bytes`, the next part of the input.
        /// - Complexity: O(`bytes.count`).
        package mutating func update(_ bytes: UnsafeRawBufferPointer) {
            length += UInt64(bytes.count)
            var offset = 0
            if !pending.isEmpty {
                let take = min(64 - pending.count, bytes.count)
                pending.append(contentsOf: bytes[0..<take])
                offset = take
                guard pending.count == 64 else { return }
                pending.withUnsafeBytes { compress($0) }
                pending.removeAll(keepingCapacity: true)
            }
            while bytes.count - offset >= 64 {
                compress(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + 64]))
                offset += 64
            }
            pending.append(contentsOf: bytes[offset...])
        }

        /// The 32-byte digest of everything fed (padding the last block).
        package mutating func finish() -> [UInt8] {
            let bitLength = length * 8
            var tail = pending
            tail.append(0x80)
            while tail.count % 64 != 56 { tail.append(0) }
            for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
            tail.withUnsafeBytes { all in
                for start in stride(from: 0, to: all.count, by: 64) { compress(UnsafeRawBufferPointer(rebasing: all[start..<start + 64])) }
            }
            pending = []
            return state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(24 - $0 * 8)) } }
        }

        /// ``finish()`` as 64 lowercase hex digits.
        package mutating func hex() -> String { SHA256.hex(digest: finish()) }

        /// One 64-byte block into the state.
        private mutating func compress(_ block: UnsafeRawBufferPointer) {
            for index in 0..<16 {
                let base = index * 4
                words[index] =
                    UInt32(block[base]) << 24 | UInt32(block[base + 1]) << 16 | UInt32(block[base + 2]) << 8 | UInt32(block[base + 3])
            }
            for index in 16..<64 {
                let s0 = rotate(words[index - 15], 7) ^ rotate(words[index - 15], 18) ^ (words[index - 15] >> 3)
                let s1 = rotate(words[index - 2], 17) ^ rotate(words[index - 2], 19) ^ (words[index - 2] >> 10)
                words[index] = words[index - 16] &+ s0 &+ words[index - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, h) = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7])
            for index in 0..<64 {
                let t1 =
                    h &+ (rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)) &+ ((e & f) ^ (~e & g)) &+ SHA256.roundConstants[index]
                    &+ words[index]
                let t2 = (rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)) &+ ((a & b) ^ (a & c) ^ (b & c))
                (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
            }
            for (index, value) in [a, b, c, d, e, f, g, h].enumerated() { state[index] = state[index] &+ value }
        }

        private func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 { value >> count | value << (32 - count) }
    }
}
