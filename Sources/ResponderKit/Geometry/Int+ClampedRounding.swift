extension Int {
    /// `value` rounded by `rule` and clamped to `range`, with NaN taken as the range's lower end.
    /// Why: `Int(_:)` traps on a Double beyond `Int`'s range or NaN, and coordinates from input
    /// may be huge (a touch at 1e308 is finite, so routing passes it on); an index computed from
    /// one must clamp before converting, not after.
    /// - Complexity: O(1).
    static func clamped(_ value: Double, rounding rule: FloatingPointRoundingRule, to range: ClosedRange<Int>) -> Int {
        let rounded = value.rounded(rule)
        guard rounded > Double(range.lowerBound) else { return range.lowerBound }
        guard rounded < Double(range.upperBound) else { return range.upperBound }
        return Int(rounded)
    }
}
