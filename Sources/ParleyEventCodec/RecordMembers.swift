/// The members of one JSON object of a record, read by ``JSONScanner``: each key named by a case
/// of `Field` (whose raw value is the key) is handed over once, unknown keys' values are skipped,
/// and a known key given twice is refused (`JSONDecoder` would keep the first value; the fast
/// path leaves such a record to it).
///
/// Keys are looked up from the one after the last found, so keys in `Field`'s order (the sorted
/// order the writer uses) are found at the first comparison.
/// - Complexity: O(number of fields) per key at worst, O(1) for keys in order.
struct RecordMembers<Field: CaseIterable & RawRepresentable & Sendable> where Field.RawValue == String {
    /// The keys of `Field`, made once per record type: at most 64 keys of at most 16 bytes (a
    /// longer key is never found).
    struct Keys: Sendable {
        /// A key: its length and its bytes packed into two words.
        fileprivate struct Entry: Sendable {
            var count: Int
            var packed: (UInt64, UInt64)
            var field: Field
        }

        fileprivate let entries: [Entry]

        /// The keys of every case of `Field`.
        init() {
            entries = Field.allCases.map { field in
                var name = field.rawValue
                return name.withUTF8 { bytes in
                    let key = JSONScanner.Key(bytes)
                    return Entry(count: key.count, packed: key.packed, field: field)
                }
            }
        }
    }

    private let keys: Keys
    /// True until the first member was read.
    private var first = true
    /// The fields found so far, a bit per index in `Field.allCases`.
    private var seen: UInt64 = 0
    /// The entry to compare first: the one after the last found.
    private var next = 0

    /// A reader of an object's members whose keys are `keys`; the object's `{` is consumed.
    init(_ keys: Keys) { self.keys = keys }

    /// The next known member's field, with the scanner at its value; nil after the object's `}`.
    /// - Throws: ``JSONScanner/Refusal`` for broken JSON, a key the scanner refuses, a known key
    ///   given twice, or an unknown key's value that the scanner refuses.
    mutating func next(in scanner: inout JSONScanner) throws(JSONScanner.Refusal) -> Field? {
        while let key = try scanner.key(first: &first) {
            guard let index = find(key) else {
                try scanner.skipValue()
                continue
            }
            let bit: UInt64 = 1 << index
            guard seen & bit == 0 else { throw JSONScanner.Refusal() }
            seen |= bit
            next = index + 1 == keys.entries.count ? 0 : index + 1
            return keys.entries[index].field
        }
        return nil
    }

    /// The index of `key`'s entry, nil for an unknown key.
    private func find(_ key: JSONScanner.Key) -> Int? {
        guard key.count <= 16 else { return nil }
        let entries = keys.entries
        var index = next
        for _ in 0..<entries.count {
            if entries[index].packed == key.packed, entries[index].count == key.count { return index }
            index = index + 1 == entries.count ? 0 : index + 1
        }
        return nil
    }
}

extension JSONScanner {
    /// Reads an object whose known keys are `keys`, handing each known member's field to `read`
    /// with the scanner at its value (see ``RecordMembers``).
    /// - Throws: ``Refusal`` for anything but such an object, or what `read` throws.
    @inline(__always)
    mutating func object<Field>(
        _ keys: RecordMembers<Field>.Keys, _ read: (inout JSONScanner, Field) throws(Refusal) -> Void
    ) throws(Refusal) {
        try expect(0x7B)
        var members = RecordMembers(keys)
        while let field = try members.next(in: &self) { try read(&self, field) }
    }
}
