import Foundation

/// Decodes one JSON file of a Slack export (snake_case keys), turning failures into ``ImportError``
/// values that name the file, and the byte and line or the field.
enum SlackJSON {
    /// A decoder of Slack's snake_case keys.
    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }

    /// - Throws: as ``JSONInput/decode(_:from:file:)``.
    static func decode<Value: Decodable>(_ data: Data, file: String) throws(ImportError) -> Value {
        try JSONInput.decode(Value.self, from: data, file: file, decoder: decoder)
    }
}
