import ParleyJSON
import ParleyTestSupport

/// Test helpers: JSON values written as compact text (RFC 8259 escapes), and seeded random values.
enum JSONText {
    static func write(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case let .bool(bool): bool ? "true" : "false"
        case let .number(text): text
        case let .string(string): quoted(string)
        case let .array(elements): "[" + elements.map(write).joined(separator: ",") + "]"
        case let .object(object): "{" + object.members.map { quoted($0.key) + ":" + write($0.value) }.joined(separator: ",") + "}"
        }
    }

    static func quoted(_ string: String) -> String {
        var text = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case _ where scalar.value < 0x20:
                text += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }

    static let pieces = ["a", "é", "👋🏽", "\"", "\\", "\n", "\u{1}", "日本", "x y", "", "\u{7F}", "ß"]
    static let numbers = ["0", "-1", "12345678901234567890", "-9223372036854775808", "1.5", "-0.0", "1e309", "2.5E-3"]

    /// A seeded random value nested at most `depth` deep, its strings and keys made of `pieces`.
    static func random(
        _ random: inout SeededRandom, depth: Int, pieces: [String] = pieces, numbers: [String] = numbers
    ) -> JSONValue {
        switch random.below(depth > 0 ? 7 : 5) {
        case 0: return .null
        case 1: return .bool(random.chance(50))
        case 2: return .number(numbers[random.below(numbers.count)])
        case 3, 4: return .string((0..<random.below(4)).map { _ in pieces[random.below(pieces.count)] }.joined())
        case 5: return .array((0..<random.below(4)).map { _ in Self.random(&random, depth: depth - 1, pieces: pieces, numbers: numbers) })
        default: return randomObject(&random, depth: depth - 1, pieces: pieces, numbers: numbers)
        }
    }

    /// A seeded random object of up to three members whose values nest at most `depth` deep.
    static func randomObject(
        _ random: inout SeededRandom, depth: Int, pieces: [String] = pieces, numbers: [String] = numbers
    ) -> JSONValue {
        .object(
            JSONObject(
                members: (0..<random.below(4)).map { _ in
                    (pieces[random.below(pieces.count)], Self.random(&random, depth: depth, pieces: pieces, numbers: numbers))
                }))
    }
}
