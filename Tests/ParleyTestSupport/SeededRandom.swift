/// SplitMix64: the one seeded generator of the tests, benchmarks and fixture tools, so every
/// property-test case, benchmark input and browser fixture repeats from its seed.
///
/// The algorithm of Steele, Lea and Flood, "Fast splittable pseudorandom number generators"
/// (OOPSLA 2014), as in Vigna's reference `splitmix64.c` (prng.di.unimi.it): the state starts at
/// the seed and advances by the golden-ratio increment before each output is mixed, so the first
/// value of seed `s` is the mix of `s &+ 0x9E3779B97F4A7C15`. Seeds fixed in tests and fixtures
/// rely on this exact sequence.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is determined by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`: the next value modulo `bound` (slightly biased, and repeatable).
    /// - Parameter bound: Greater than zero.
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// True with a probability of `percent` in 100.
    public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}
