/// Taking attributed text apart and putting it back together, as a text field edits it
/// (UIKit's `attributedSubstring(from:)` and `NSMutableAttributedString.replaceCharacters`).
extension AttributedText {
    /// The characters of `range` (clamped to the text) with their attributes.
    /// - Complexity: O(runs + length of the range).
    public func attributedSubstring(from range: Range<Int>) -> AttributedText {
        let lower = min(max(0, range.lowerBound), length)
        let upper = min(max(lower, range.upperBound), length)
        var result = AttributedText()
        guard lower < upper else { return result }
        let characters = Array(string)
        for run in runs where run.range.upperBound > lower && run.range.lowerBound < upper {
            let piece = max(lower, run.range.lowerBound)..<min(upper, run.range.upperBound)
            result.append(AttributedText(String(characters[piece]), attributes: run.attributes))
        }
        return result
    }

    /// Replaces the characters of `range` (clamped) by `replacement`, which keeps its attributes.
    /// - Complexity: O(runs + length).
    public mutating func replaceCharacters(in range: Range<Int>, with replacement: AttributedText) {
        let lower = min(max(0, range.lowerBound), length)
        let upper = min(max(lower, range.upperBound), length)
        var result = attributedSubstring(from: 0..<lower)
        result.append(replacement)
        result.append(attributedSubstring(from: upper..<length))
        self = result
    }
}
