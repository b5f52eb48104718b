/// An array's elements as an unkeyed decoding container.
struct JSONUnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let decoder: JSONValueDecoding
    private(set) var currentIndex = 0

    init(elements: [JSONValue], decoder: JSONValueDecoding) {
        self.elements = elements
        self.decoder = decoder
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    mutating func decodeNil() throws -> Bool {
        guard try next() == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try nextDecoder().decode(type)
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try nextDecoder().container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try nextDecoder().unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = try nextDecoder()
        currentIndex += 1
        return decoder
    }

    private func next() throws -> JSONValue {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                JSONValue.self,
                .init(codingPath: codingPath + [JSONCodingKey(intValue: currentIndex)], debugDescription: "Unkeyed container is at end."))
        }
        return elements[currentIndex]
    }

    private func nextDecoder() throws -> JSONValueDecoding {
        decoder.nested(try next(), at: JSONCodingKey(intValue: currentIndex))
    }
}
