/// Decodes `Decodable` types from one ``JSONValue`` — a record a ``JSONStreamReader`` handed
/// over — with the errors and coding paths `Foundation.JSONDecoder` gives for the same JSON, so
/// importers keep their `Decodable` models and their diagnostics when they stream.
///
/// Numbers decode exactly: an integer type takes a number whose text is an integer in its
/// range (or a decimal or exponent form with an exact integral value, as JSONDecoder allows);
/// `Double` and `Float` take any finite number. Anything else throws
/// `DecodingError.dataCorrupted` naming the number.
public struct JSONValueDecoder: Sendable {
    /// How JSON keys map to coding keys.
    public enum KeyStrategy: Sendable {
        case useDefaultKeys
        /// `snake_case` keys as `camelCase`, by JSONDecoder's rule.
        case convertFromSnakeCase
    }

    public var keyStrategy: KeyStrategy

    public init(keyStrategy: KeyStrategy = .useDefaultKeys) { self.keyStrategy = keyStrategy }

    /// Decodes `type` from `value`.
    /// - Parameter codingPath: Where `value` sits in its document (for example the key
    ///   `messages` and the index 12), prefixed to the coding path of every error.
    /// - Throws: `DecodingError` (a missing key, a wrong type, a number that does not fit).
    /// - Complexity: O(size of `value`) for flat models; member look-ups scan their object.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, codingPath: [any CodingKey] = []) throws -> T {
        var path: JSONValueDecoding.PathNode?
        for key in codingPath {
            let step = key.intValue.map { JSONCodingKey(intValue: $0) } ?? JSONCodingKey(stringValue: key.stringValue)
            path = JSONValueDecoding.PathNode(parent: path, key: step)
        }
        return try T(from: JSONValueDecoding(value: value, path: path, keyStrategy: keyStrategy))
    }
}

/// A coding key for a JSON path: an object member's name or an array index.
public struct JSONCodingKey: CodingKey, Sendable {
    public let stringValue: String
    public let intValue: Int?

    public init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    public init(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}
