/// What ``XMLStreamReader`` repaired of the UTF-16 surrogate character references in its input
/// (`&#55357;&#56397;`, which XML forbids and Android writes for emoji).
public struct SurrogateRepairs: Equatable, Sendable {
    /// High-low pairs read as the one character they encode.
    public var joinedPairs: Int
    /// Surrogates without their pair, read as U+FFFD.
    public var loneSurrogates: Int
    /// The line (1-based) of the first lone surrogate's reference, if any.
    public var firstLoneLine: Int?
    /// The byte offset in the input of the first lone surrogate's reference, if any.
    public var firstLoneByteOffset: Int?

    /// Counts as given.
    public init(joinedPairs: Int, loneSurrogates: Int, firstLoneLine: Int? = nil, firstLoneByteOffset: Int? = nil) {
        self.joinedPairs = joinedPairs
        self.loneSurrogates = loneSurrogates
        self.firstLoneLine = firstLoneLine
        self.firstLoneByteOffset = firstLoneByteOffset
    }
}
