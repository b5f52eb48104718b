import ParleyTestSupport
import Testing

@testable import ParleyJSON

/// Snake case keys converted as JSONDecoder's `convertFromSnakeCase` does.
@Suite struct SnakeCaseKeyTests {
    @Test func keysConvertAsJSONDecoderConvertsThem() {
        let expected = [
            "user_id": "userId", "is_bot": "isBot", "_private": "_private", "__a_b__": "__aB__", "A_B": "aB", "a__b": "aB",
            "___": "___", "x1_2y": "x12y", "plain": "plain", "Plain": "Plain", "HTTP_URL": "httpUrl", "é_x": "éX",
        ]
        for (key, camel) in expected { #expect(JSONKeyedContainer<JSONCodingKey>.camelCase(key) == camel, "\(key)") }
    }

    /// Over 5,000 seeded keys of letters, digits, underscores and punctuation (ASCII and not):
    /// the conversion from bytes equals the one with Unicode's case mappings.
    @Test func byteConversionEqualsUnicodeConversion() {
        let pool = Array("aZ_9_x_Q-.$ _é_ß")
        var random = SeededRandom(seed: 0x5A4E)
        for _ in 0..<5_000 {
            let key = String((0..<Int.random(in: 0...12, using: &random)).map { _ in pool[Int.random(in: 0..<pool.count, using: &random)] })
            #expect(
                JSONKeyedContainer<JSONCodingKey>.camelCase(key) == JSONKeyedContainer<JSONCodingKey>.unicodeCamelCase(key), "\(key)")
        }
    }
}
