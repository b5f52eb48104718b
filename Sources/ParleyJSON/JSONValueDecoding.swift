/// The `Decoder` behind ``JSONValueDecoder``: one JSON value at one coding path.
///
/// The path is a chain of nodes, turned into an array only when asked (for an error): nesting
/// costs one small allocation, not a copy of the path.
struct JSONValueDecoding: Decoder {
    /// One step of a coding path.
    final class PathNode: Sendable {
        let parent: PathNode?
        let key: any CodingKey & Sendable

        init(parent: PathNode?, key: any CodingKey & Sendable) {
            self.parent = parent
            self.key = key
        }
    }

    let value: JSONValue
    let path: PathNode?
    let keyStrategy: JSONValueDecoder.KeyStrategy

    var codingPath: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node = path
        while let step = node {
            keys.append(step.key)
            node = step.parent
        }
        return keys.reversed()
    }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case let .object(object) = value else { throw mismatch([String: JSONValue].self) }
        return KeyedDecodingContainer(JSONKeyedContainer<Key>(object: object, decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case let .array(elements) = value else { throw mismatch([JSONValue].self) }
        return JSONUnkeyedContainer(elements: elements, decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    /// A decoder for `value` one step further down, at `key`.
    func nested(_ value: JSONValue, at key: any CodingKey) -> JSONValueDecoding {
        let step = key.intValue.map { JSONCodingKey(intValue: $0) } ?? JSONCodingKey(stringValue: key.stringValue)
        return JSONValueDecoding(value: value, path: PathNode(parent: path, key: step), keyStrategy: keyStrategy)
    }

    func mismatch(_ type: Any.Type) -> DecodingError {
        if case .null = value {
            return .valueNotFound(type, .init(codingPath: codingPath, debugDescription: "Expected \(type) value but found null instead."))
        }
        return .typeMismatch(
            type, .init(codingPath: codingPath, debugDescription: "Expected to decode \(type) but found \(value.kindDescription) instead."))
    }
}

extension JSONValueDecoding: SingleValueDecodingContainer {
    func decodeNil() -> Bool { value == .null }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case let .bool(bool) = value else { throw mismatch(type) }
        return bool
    }

    func decode(_ type: String.Type) throws -> String {
        guard case let .string(string) = value else { throw mismatch(type) }
        return string
    }

    func decode(_ type: Double.Type) throws -> Double { try floatingPoint(type) }
    func decode(_ type: Float.Type) throws -> Float { try floatingPoint(type) }
    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }

    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard case let .number(text) = value else { throw mismatch(type) }
        if let exact = T(text) { return exact }
        if let double = Double(text), double.isFinite, let exact = T(exactly: double) { return exact }
        throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "Number \(text) is not representable in Swift."))
    }

    private func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(_ type: T.Type) throws -> T {
        guard case let .number(text) = value else { throw mismatch(type) }
        guard let number = T(text), number.isFinite else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "Number \(text) is not representable in Swift."))
        }
        return number
    }
}
