/// A JSON array read as far as it can be, for decoration a record can do without (a ChatGPT
/// message's source references): an element that cannot be decoded as `Element` is left out, and
/// a value that is no array reads as an empty list, so such a field never costs its record.
struct LenientList<Element: Decodable>: Decodable {
    /// The elements that could be read, in order.
    var elements: [Element]

    /// Reads the array at `decoder`; never throws.
    /// - Complexity: O(size of the value).
    init(from decoder: any Decoder) throws {
        let entries = try? decoder.singleValueContainer().decode([Lossy<Element>].self)
        elements = entries?.compactMap { try? $0.value.get() } ?? []
    }
}

extension KeyedDecodingContainer {
    /// The value at `key` as a `T`, or nil when it is absent, null or of another type: a field
    /// read leniently, as ``LenientList`` reads an array.
    func lenient<T: Decodable>(_ key: Key) -> T? {
        try? decodeIfPresent(T.self, forKey: key)
    }
}
