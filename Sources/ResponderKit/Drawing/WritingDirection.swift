/// The base direction of a paragraph of text (UIKit's `NSWritingDirection`): where its first
/// character sits and how neutral characters (spaces, punctuation, digits) between runs of
/// opposite direction are ordered. The text engine runs the Unicode bidirectional algorithm
/// (Pango's) within it.
public enum WritingDirection: Int, Sendable, Hashable, CaseIterable {
    /// From the text itself: the direction of its first strong character (Unicode's rule P2),
    /// left to right when it has none.
    case natural = -1
    /// Left to right.
    case leftToRight = 0
    /// Right to left.
    case rightToLeft = 1

    /// The direction of the first strongly directional character of `text` (rule P2 of the
    /// bidirectional algorithm, with the right-to-left classes taken from the Hebrew, Arabic,
    /// Syriac, Thaana, N'Ko, Samaritan, Mandaic and their presentation-form blocks, and any other
    /// letter counted left to right); nil when it has none (digits and punctuation only).
    /// - Complexity: O(characters before the first letter).
    public static func ofFirstStrongCharacter<Text: StringProtocol>(in text: Text) -> WritingDirection? {
        for scalar in text.unicodeScalars {
            if isRightToLeftLetter(scalar) { return .rightToLeft }
            if scalar.properties.isAlphabetic, scalar.properties.generalCategory != .nonspacingMark { return .leftToRight }
        }
        return nil
    }

    /// Whether `scalar` is a right-to-left letter (bidi classes R and AL, by block; the
    /// Arabic-Indic digits, which are numbers, and combining marks excluded).
    static func isRightToLeftLetter(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        let inBlock =
            (0x0590...0x08FF).contains(value) || (0xFB1D...0xFDFF).contains(value) || (0xFE70...0xFEFF).contains(value)
            || (0x10800...0x10FFF).contains(value) || (0x1E800...0x1EFFF).contains(value)
        guard inBlock else { return false }
        if (0x0660...0x0669).contains(value) || (0x06F0...0x06F9).contains(value) { return false }
        let category = scalar.properties.generalCategory
        return category != .nonspacingMark && category != .enclosingMark && category != .spacingMark
    }

    /// The direction text with this base is laid out in: `self`, or for `.natural` the first
    /// strong character's (`fallback` when the text has none).
    public func resolved<Text: StringProtocol>(for text: Text, fallback: WritingDirection = .leftToRight) -> WritingDirection {
        guard self == .natural else { return self }
        return Self.ofFirstStrongCharacter(in: text) ?? fallback
    }
}
