/// Durations counted in fixed, log-spaced buckets: four per doubling from 1 µs to about 4 s, so
/// percentiles are exact to a quarter-octave (±9 %) at any scale and recording never allocates.
/// The latency overlay and tools read it; `LatencyMonitor` fills it.
public struct LatencyHistogram: Sendable {
    /// Buckets per doubling of the duration.
    public static let bucketsPerOctave = 4
    /// Doublings covered above 1 µs (2²² µs ≈ 4.2 s); longer durations land in the last bucket.
    public static let octaves = 22
    /// Bucket 0 holds durations up to 1 µs; bucket `i > 0` holds
    /// `(upperBound(i - 1), upperBound(i)]`.
    public static let bucketCount = octaves * bucketsPerOctave + 1

    /// How many durations fell in each bucket (allocated once, at initialization).
    public private(set) var counts: [Int]
    /// Durations recorded since the last `reset()`.
    public private(set) var count = 0
    /// The most recent duration (seconds).
    public private(set) var last = 0.0
    /// The longest duration (seconds).
    public private(set) var maximum = 0.0
    /// The sum of the durations, for the mean.
    public private(set) var total = 0.0

    /// Makes an empty histogram.
    public init() { counts = Array(repeating: 0, count: LatencyHistogram.bucketCount) }

    /// Counts one duration in seconds; negative, NaN and infinite durations (a clock that jumped,
    /// a source with a bad timestamp) are ignored rather than skewing the figures.
    /// - Complexity: O(1), no allocation.
    public mutating func record(_ seconds: Double) {
        guard seconds.isFinite, seconds >= 0 else { return }
        counts[LatencyHistogram.bucket(for: seconds)] += 1
        count += 1
        last = seconds
        total += seconds
        if seconds > maximum { maximum = seconds }
    }

    /// The bucket a duration falls in, from the binary exponent and significand (no logarithm).
    /// - Complexity: O(1).
    public static func bucket(for seconds: Double) -> Int {
        let microseconds = seconds * 1e6
        guard microseconds > 1 else { return 0 }
        // microseconds = significand · 2^exponent with significand in [1, 2).
        let octave = Int(microseconds.exponent)
        guard octave < octaves else { return bucketCount - 1 }
        let fraction = microseconds.significand - 1
        let step = Int((fraction * Double(bucketsPerOctave)).rounded(.up))
        // An exact power of two ends the octave below it.
        let index = step == 0 ? octave * bucketsPerOctave : octave * bucketsPerOctave + step
        return min(max(index, 1), bucketCount - 1)
    }

    /// The largest duration (seconds) bucket `index` holds.
    public static func upperBound(ofBucket index: Int) -> Double {
        guard index > 0 else { return 1e-6 }
        let octave = (index - 1) / bucketsPerOctave
        let step = (index - 1) % bucketsPerOctave + 1
        let base = Double(1 << octave)
        return base * (1 + Double(step) / Double(bucketsPerOctave)) * 1e-6
    }

    /// The duration below which `fraction` (0…1) of the recorded ones fall, as the upper bound of
    /// the bucket that reaches it (never more than the maximum seen); 0 when nothing was recorded.
    /// - Complexity: O(buckets).
    public func percentile(_ fraction: Double) -> Double {
        guard count > 0 else { return 0 }
        let wanted = max(1, Int((min(max(fraction, 0), 1) * Double(count)).rounded(.up)))
        var seen = 0
        for (index, n) in counts.enumerated() {
            seen += n
            if seen >= wanted { return min(LatencyHistogram.upperBound(ofBucket: index), maximum) }
        }
        return maximum
    }

    /// The mean duration; 0 when nothing was recorded.
    public var mean: Double { count == 0 ? 0 : total / Double(count) }

    /// Forgets every duration, keeping the storage.
    /// - Complexity: O(buckets), no allocation.
    public mutating func reset() {
        for index in counts.indices { counts[index] = 0 }
        count = 0
        last = 0
        maximum = 0
        total = 0
    }
}
