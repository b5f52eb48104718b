import ParleyJSON
import Testing

/// The decoder gives what `JSONDecoder` gives for the same JSON: values, exact numbers, errors
/// with their coding paths.
@Suite struct JSONValueDecoderTests {
    struct Message: Decodable, Equatable {
        struct Author: Decodable, Equatable {
            var id: String
            var isBot: Bool?
        }

        var id: String
        var size: Int64?
        var ratio: Double?
        var author: Author
        var tags: [String]?
    }

    static func value(_ text: String) throws -> JSONValue {
        let reader = JSONStreamReader(lists: []) { _ in }
        let fed = Array(text.utf8).withUnsafeBytes { bytes in Result { () throws(JSONStreamError) in try reader.read(bytes) } }
        try fed.get()
        return try reader.finish()
    }

    static func path(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not a DecodingError" }
        let context: DecodingError.Context
        var keys: [any CodingKey] = []
        switch error {
        case let .keyNotFound(key, found):
            context = found
            keys = [key]
        case let .typeMismatch(_, found), let .valueNotFound(_, found), let .dataCorrupted(found): context = found
        @unknown default: return "unknown"
        }
        return (context.codingPath + keys).map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }

    @Test func decodesAModel() throws {
        let json = try Self.value(
            #"{"id": "7", "size": 1e3, "ratio": -0.5, "author": {"id": "a", "isBot": null}, "tags": ["x", "y"], "extra": {}}"#)
        #expect(
            try JSONValueDecoder().decode(Message.self, from: json)
                == Message(id: "7", size: 1000, ratio: -0.5, author: .init(id: "a", isBot: nil), tags: ["x", "y"]))
    }

    @Test func int64AcceptsExactlyTheIntegersInRange() throws {
        let cases: [(text: String, expected: Int64?)] = [
            ("9223372036854775807", Int64.max), ("-9223372036854775808", Int64.min), ("9223372036854775808", nil), ("1.5", nil),
            ("1e2", 100), ("-0", 0), ("18446744073709551616", nil), ("1e309", nil),
        ]
        for (text, expected) in cases {
            let value = try Self.value("{\"id\": \"1\", \"size\": \(text), \"author\": {\"id\": \"a\"}}")
            let decoded = try? JSONValueDecoder().decode(Message.self, from: value)
            #expect(decoded?.size == expected, "\(text)")
            #expect((decoded == nil) == (expected == nil), "\(text)")
        }
    }

    @Test func doublesMustBeFinite() throws {
        let huge = try Self.value(#"{"id": "1", "ratio": 1e309, "author": {"id": "a"}}"#)
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Message.self, from: huge) }
        let tiny = try Self.value(#"{"id": "1", "ratio": -1e-400, "author": {"id": "a"}}"#)
        #expect(try JSONValueDecoder().decode(Message.self, from: tiny).ratio == 0)
    }

    @Test func errorsNameTheirPathBelowTheGivenOne() throws {
        let prefix: [any CodingKey] = [JSONCodingKey(stringValue: "messages"), JSONCodingKey(intValue: 3)]
        let cases = [
            (#"{"id": "1", "author": {}}"#, ".messages[3].author.id"), (#"{"id": 1, "author": {"id": "a"}}"#, ".messages[3].id"),
            (#"{"id": "1", "author": {"id": "a"}, "tags": ["x", 2]}"#, ".messages[3].tags[1]"),
            (#"{"id": "1", "author": null}"#, ".messages[3].author"), (#"[]"#, ".messages[3]"),
        ]
        for (text, path) in cases {
            #expect(throws: (any Error).self) {
                try JSONValueDecoder().decode(Message.self, from: try Self.value(text), codingPath: prefix)
            }
            do {
                _ = try JSONValueDecoder().decode(Message.self, from: try Self.value(text), codingPath: prefix)
            } catch {
                #expect(Self.path(error) == path, "\(text)")
            }
        }
    }

    @Test func snakeCaseKeysFollowJSONDecodersRule() throws {
        struct Row: Decodable, Equatable {
            var userId: String
            var isBot: Bool
            var _private: Int?
        }
        let value = try Self.value(#"{"user_id": "U1", "is_bot": true, "_private": 3}"#)
        #expect(
            try JSONValueDecoder(keyStrategy: .convertFromSnakeCase).decode(Row.self, from: value)
                == Row(userId: "U1", isBot: true, _private: 3))
    }
}
