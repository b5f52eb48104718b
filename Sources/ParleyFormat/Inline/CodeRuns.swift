/// The runs of backticks in a text, for matching code spans: a run of n backticks opens a span
/// that the next run of exactly n backticks closes (CommonMark's rule, which Discord follows).
struct CodeRuns: Sendable {
    /// Run length at each position where a run starts (0 elsewhere).
    private let lengthAt: [Int]
    /// For each run start, the start of the next run of the same length (nil when none).
    private let nextSameLength: [Int: Int]

    /// The runs of `codes`, the characters of a text as ``InlineScanner`` reads them.
    init(_ codes: [UInt8]) {
        var lengths = Array(repeating: 0, count: codes.count)
        var starts: [Int] = []
        var index = 0
        while index < codes.count {
            guard codes[index] == UInt8(ascii: "`") else {
                index += 1
                continue
            }
            var end = index
            while end < codes.count, codes[end] == UInt8(ascii: "`") { end += 1 }
            lengths[index] = end - index
            starts.append(index)
            index = end
        }
        var next: [Int: Int] = [:]
        var lastByLength: [Int: Int] = [:]
        for start in starts.reversed() {
            if let later = lastByLength[lengths[start]] { next[start] = later }
            lastByLength[lengths[start]] = start
        }
        self.lengthAt = lengths
        self.nextSameLength = next
    }

    /// The length of the run starting at `index` (0 when no run starts there).
    func length(at index: Int) -> Int { index < lengthAt.count ? lengthAt[index] : 0 }

    /// The start of the next run as long as the run at `index`.
    func closer(of index: Int) -> Int? { nextSameLength[index] }
}
