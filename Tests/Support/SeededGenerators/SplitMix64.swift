/// SplitMix64 (Steele, Lea, Flood 2014): a tiny, fast, deterministic generator, so every random
/// tree, event sequence and benchmark input can be replayed from its seed. Not for secrets.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public var state: UInt64

    /// Starts from `state` as given (the raw SplitMix64 sequence).
    public init(state: UInt64) { self.state = state }

    /// Starts from a scrambled `seed`, so small consecutive seeds give unrelated sequences.
    public init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1 }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `range` (modulo reduction: a bias far below what the tests can notice).
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    /// A double in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// One of `items` (which must not be empty).
    public mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
}
