import ParleyTestSupport
import Testing

@testable import ParleyStore

/// The numbers a temporary table keeps for repeated channels and files: each distinct name gets
/// the next number when first met, the same number ever after (asked again at once or later),
/// and the number gives the name back.
@Suite struct NumberingTests {
    @Test(arguments: 0..<20)
    func numbersFollowTheOrderFirstMet(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        // Runs of one name, as consecutive rows share a channel, among names met before and new ones;
        // equal names made as separate strings, as each record's channel is.
        let pool = (0..<(1 + random.below(40))).map { "channel-\($0)-" + String(repeating: "x", count: random.below(30)) }
        var numbering = Numbering()
        var expected: [String] = []
        for _ in 0..<500 {
            let name = String(decoding: Array(pool[random.below(pool.count)].utf8), as: UTF8.self)
            for _ in 0..<(1 + random.below(5)) {
                if !expected.contains(name) { expected.append(name) }
                let number = numbering.number(of: name)
                #expect(number == Int64(expected.firstIndex(of: name)!))
                #expect(numbering.name(number) == name)
            }
        }
        #expect(numbering.name(Int64(expected.count)) == "")
        #expect(numbering.name(-1) == "")
    }
}
