import ParleyTestSupport
import Testing

@testable import ParleyJSON

/// A value copied out of a tape (`JSONTape.fragment(of:)`) matches a value of another tape
/// exactly when the two values are equal: same nesting, kinds, keys in order, strings, numbers as
/// written and booleans.
@Suite struct JSONTapeFragmentTests {
    /// `value` as the second element of an array after `before`: its node in that tape, whose
    /// bytes do not start at 0.
    static func taped(_ value: JSONValue, after before: JSONValue) -> (tape: JSONTape, node: Int) {
        let tape = JSONTape(.array([before, value]))
        return (tape, tape.nodes[1].end)
    }

    /// 4,000 seeded pairs of values drawn from a small space (so that a third are equal, besides
    /// the pairs made equal on purpose), each placed after another random value: the fragment of
    /// the first matches the second exactly when the values are equal, and always matches itself.
    @Test func aFragmentMatchesExactlyAnEqualValue() {
        var random = SeededRandom(seed: 7)
        let pieces = ["a", "b", "ab", "", "é", "😀"]
        let numbers = ["1", "1.0", "10"]
        var counts = (equal: 0, unequal: 0)
        var mismatches: [String] = []
        for _ in 0..<4_000 {
            let first = JSONText.random(&random, depth: 2, pieces: pieces, numbers: numbers)
            let second = random.chance(25) ? first : JSONText.random(&random, depth: 2, pieces: pieces, numbers: numbers)
            let a = Self.taped(first, after: JSONText.random(&random, depth: 1))
            let b = Self.taped(second, after: JSONText.random(&random, depth: 1))
            let fragment = a.tape.fragment(of: a.node)
            #expect(a.tape.matches(fragment, at: a.node))
            #expect(fragment.count == a.tape.nodes[a.node].end - a.node)
            if first == second { counts.equal += 1 } else { counts.unequal += 1 }
            if b.tape.matches(fragment, at: b.node) != (first == second) {
                mismatches.append("\(JSONText.write(first)) vs \(JSONText.write(second))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        #expect(counts.equal > 1_000 && counts.unequal > 1_000, "\(counts)")
    }

    /// Values whose bytes run together alike are told apart by where each key, string and number
    /// ends, by kind and by nesting.
    @Test(arguments: [
        (#"{"ab":"c"}"#, #"{"a":"bc"}"#),
        (#"{"a":"1"}"#, #"{"a":1}"#),
        (#"{"a":true}"#, #"{"a":false}"#),
        (#"{"a":null}"#, #"{"a":false}"#),
        (#"{"a":[1,2]}"#, #"{"a":[[1],2]}"#),
        (#"{"a":{}}"#, #"{"a":[]}"#),
        (#"{"a":1,"b":2}"#, #"{"b":2,"a":1}"#),
        (#"{"a":"x"}"#, #"{"a":"x","a":"x"}"#),
    ])
    func nearValuesDoNotMatch(first: String, second: String) throws {
        let a = try #require(JSONTapeScanningTests.scan(Array(first.utf8))).tape
        let b = try #require(JSONTapeScanningTests.scan(Array(second.utf8))).tape
        #expect(!b.matches(a.fragment(of: 0), at: 0))
        #expect(!a.matches(b.fragment(of: 0), at: 0))
        #expect(a.matches(a.fragment(of: 0), at: 0))
    }
}
