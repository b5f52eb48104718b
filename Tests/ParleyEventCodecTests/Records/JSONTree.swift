import Foundation

/// A JSON value as `JSONDecoder` reads it (objects' member order is not kept), for re-writing
/// records in another form: ``RecordScrambler``.
indirect enum JSONTree: Decodable {
    case object([String: JSONTree])
    case array([JSONTree])
    case string(String)
    case integer(Int)
    case bool(Bool)
    case null

    /// Any key of an object.
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The tree of `record`, read by `JSONDecoder`.
    init(record: [UInt8]) throws { self = try JSONDecoder().decode(JSONTree.self, from: Data(record)) }

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            var members: [String: JSONTree] = [:]
            for key in object.allKeys { members[key.stringValue] = try object.decode(JSONTree.self, forKey: key) }
            self = .object(members)
        } else if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONTree] = []
            while !array.isAtEnd { elements.append(try array.decode(JSONTree.self)) }
            self = .array(elements)
        } else {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() {
                self = .null
            } else if let bool = try? value.decode(Bool.self) {
                self = .bool(bool)
            } else if let integer = try? value.decode(Int.self) {
                self = .integer(integer)
            } else {
                self = .string(try value.decode(String.self))
            }
        }
    }
}
