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

    /// 5,000 seeded objects whose keys are spellings of a few names (snake case, camel case,
    /// upper case, doubled, leading and trailing underscores, non-ASCII) and other keys: a look-up
    /// converting from snake case finds the last member whose converted key is the converted name,
    /// as the decoder finds it among its converted keys.
    @Test func aSnakeCaseLookUpFindsTheLastMemberThatConvertsAlike() {
        let spellings = [
            "thread_ts", "threadTs", "THREAD_TS", "thread__ts", "Thread_Ts", "threadts", "_thread_ts", "thread_ts_", "thread_tS",
            "image_72", "image72", "IMAGE_72", "bot_id", "botId", "botid", "user", "User", "_", "__", "", "é_x", "éX", "É_X", "a_b_c",
            "aBC", "x", "thread_ts_x",
        ]
        let names = ["thread_ts", "image_72", "bot_id", "user", "_thread_ts", "thread_ts_", "é_x", "a_b_c", "_", "", "missing_name"]
        var random = SeededRandom(seed: 0x534E_4B45)
        var found = 0
        for round in 0..<5_000 {
            let keys = (0..<random.below(9)).map { _ in spellings[random.below(spellings.count)] }
            let object = JSONValue.object(JSONObject(members: keys.enumerated().map { ($0.element, .number("\($0.offset)")) }))
            let tape = JSONTape(object)
            for name in names {
                let target = JSONKeyedContainer<JSONCodingKey>.camelCase(name)
                let expected = keys.lastIndex { JSONKeyedContainer<JSONCodingKey>.camelCase($0) == target }
                let member = tape.member(name, of: 0, keys: .convertFromSnakeCase)
                #expect(member.map { tape.text($0) } == expected.map { "\($0)" }, "round \(round): \(name) in \(keys)")
                if expected != nil { found += 1 }
                #expect(tape.member(name, of: 0, keys: .useDefaultKeys) == tape.member(name, of: 0))
            }
        }
        #expect(found > 10_000)
    }
}
