/// An object's members as a keyed decoding container. Strings, booleans and numbers decode
/// straight from the member, without a nested decoder.
struct JSONKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let decoder: JSONValueDecoding
    /// The members' keys converted from snake case, when asked; nil for the keys as written.
    let convertedKeys: [String]?

    init(object: JSONObject, decoder: JSONValueDecoding) {
        self.object = object
        self.decoder = decoder
        switch decoder.keyStrategy {
        case .useDefaultKeys: convertedKeys = nil
        case .convertFromSnakeCase: convertedKeys = object.members.map { Self.camelCase($0.key) }
        }
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { (convertedKeys ?? object.members.map(\.key)).compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { member(key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool {
        try required(key) == .null
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        let value = try required(key)
        guard case let .string(string) = value else { throw decoder.nested(value, at: key).mismatch(type) }
        return string
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        let value = try required(key)
        guard case let .bool(bool) = value else { throw decoder.nested(value, at: key).mismatch(type) }
        return bool
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let value = member(key) else { return nil }
        switch value {
        case .null: return nil
        case let .string(string): return string
        default: throw decoder.nested(value, at: key).mismatch(type)
        }
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        guard let value = member(key) else { return nil }
        switch value {
        case .null: return nil
        case let .bool(bool): return bool
        default: throw decoder.nested(value, at: key).mismatch(type)
        }
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.nested(required(key), at: key).decode(type)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = member(key), value != .null else { return nil }
        return try decoder.nested(value, at: key).decode(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.nested(required(key), at: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.nested(required(key), at: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { decoder.nested(object["super"] ?? .null, at: JSONCodingKey(stringValue: "super")) }

    func superDecoder(forKey key: Key) throws -> any Decoder { decoder.nested(member(key) ?? .null, at: key) }

    /// The value of the last member named `key`.
    private func member(_ key: Key) -> JSONValue? {
        let name = key.stringValue
        if let convertedKeys {
            guard let index = convertedKeys.lastIndex(of: name) else { return nil }
            return object.members[index].value
        }
        return object[name]
    }

    private func required(_ key: Key) throws -> JSONValue {
        guard let value = member(key) else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key.stringValue)."))
        }
        return value
    }

    /// JSONDecoder's `convertFromSnakeCase`: `user_id` → `userId`; leading and trailing
    /// underscores are kept, a key without an underscore is unchanged.
    /// - Complexity: O(key's length); an ASCII key (every key of the exports read) is converted
    ///   from its bytes straight into the new string (no allocation for one of up to 15 bytes),
    ///   with ASCII case mapping, which is what Unicode's gives ASCII.
    static func camelCase(_ key: String) -> String {
        let underscore = UInt8(ascii: "_")
        var text = key
        var isASCII = true
        let converted: String? = text.withUTF8 { bytes in
            guard bytes.contains(underscore) else { return nil }
            guard bytes.allSatisfy({ $0 < 0x80 }) else {
                isASCII = false
                return nil
            }
            return String(unsafeUninitializedCapacity: bytes.count) { converted in
                var written = 0
                asciiCamelCase(bytes) { byte in
                    converted[written] = byte
                    written += 1
                    return true
                }
                return written
            }
        }
        guard isASCII else { return unicodeCamelCase(key) }
        return converted ?? key
    }

    /// Hands `emit` the bytes ``camelCase(_:)`` writes for `bytes`, an ASCII key with an underscore,
    /// one at a time while it returns true: the leading and trailing underscores as they are, the
    /// words between them (as `split` gives them: no empty ones) lowercased but for the first
    /// letter of every word after the first — ASCII case mapping, which is what Unicode's gives ASCII.
    /// - Returns: false when `emit` stopped it.
    @discardableResult
    static func asciiCamelCase(_ bytes: UnsafeBufferPointer<UInt8>, _ emit: (UInt8) -> Bool) -> Bool {
        let underscore = UInt8(ascii: "_")
        var start = 0, end = bytes.count
        while start < end, bytes[start] == underscore { start += 1 }
        guard start < end else { return bytes.allSatisfy(emit) }
        while bytes[end - 1] == underscore { end -= 1 }
        var word = 0, offset = 0
        for (index, byte) in bytes.enumerated() {
            if index < start || index >= end {
                guard emit(byte) else { return false }
            } else if byte == underscore {
                if offset > 0 { word += 1 }
                offset = 0
            } else {
                let isLetter = (0x61...0x7A).contains(byte | 0x20)
                guard emit(isLetter ? (word > 0 && offset == 0 ? byte & ~0x20 : byte | 0x20) : byte) else { return false }
                offset += 1
            }
        }
        return true
    }

    /// ``camelCase(_:)`` for any key, with Unicode's case mappings.
    static func unicodeCamelCase(_ key: String) -> String {
        guard key.contains("_") else { return key }
        let leading = key.prefix { $0 == "_" }
        let trailing = key.reversed().prefix { $0 == "_" }
        guard leading.count < key.count else { return key }
        let core = key.dropFirst(leading.count).dropLast(trailing.count)
        let words = core.split(separator: "_", omittingEmptySubsequences: true)
        guard let first = words.first else { return key }
        let camel = first.lowercased() + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined()
        return String(leading) + camel + String(trailing)
    }
}
