import ResponderKit
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// WCAG 1.4.3 (EN 301 549 11.1.4.3) in high contrast, numerically: every text colour the library
/// draws text in (labels, a text field's placeholder, links and tinted or destructive button
/// titles), resolved with `accessibilityContrast == .high` and composited over every system
/// background it can sit on, reaches 4.5:1 in light and in dark appearance.
@MainActor
@Suite struct HighContrastTextTests {
    static let texts: [(String, Color)] = [
        ("label", .label), ("secondaryLabel", .secondaryLabel), ("tertiaryLabel", .tertiaryLabel),
        ("placeholderText", .placeholderText), ("TextField.placeholderColor", TextField.placeholderColor),
        ("link", .link), ("systemBlue", .systemBlue), ("systemRed", .systemRed)
    ]
    static let backgrounds: [(String, Color)] = [
        ("systemBackground", .systemBackground), ("secondarySystemBackground", .secondarySystemBackground),
        ("tertiarySystemBackground", .tertiarySystemBackground), ("systemGroupedBackground", .systemGroupedBackground),
        ("secondarySystemGroupedBackground", .secondarySystemGroupedBackground),
        ("tertiarySystemGroupedBackground", .tertiarySystemGroupedBackground)
    ]

    /// WCAG's relative luminance of an opaque colour (sRGB, 0…1 components).
    static func luminance(_ rgb: [Double]) -> Double {
        let linear = rgb.map { $0 <= 0.039_28 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    }

    /// WCAG's contrast ratio of `text` drawn (with its alpha) over the opaque `background`.
    static func contrast(_ text: Color, over background: Color) -> Double {
        let back = [background.red, background.green, background.blue]
        let front = zip([text.red, text.green, text.blue], back).map { $0 * text.alpha + $1 * (1 - text.alpha) }
        let (a, b) = (luminance(front), luminance(back))
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    @Test(arguments: [UserInterfaceStyle.light, .dark])
    func everyTextColourReachesFourAndAHalfToOneOnEveryBackground(style: UserInterfaceStyle) {
        var traits = TraitCollection(userInterfaceStyle: style)
        traits.accessibilityContrast = .high
        var lowest = Double.infinity
        for (textName, text) in Self.texts {
            for (backgroundName, background) in Self.backgrounds {
                let ratio = Self.contrast(text.resolvedColor(with: traits), over: background.resolvedColor(with: traits))
                lowest = min(lowest, ratio)
                #expect(ratio >= 4.5, "\(textName) on \(backgroundName) (\(style), high contrast): \(ratio):1")
            }
        }
        #expect(lowest >= 4.5)
    }

    /// The formula itself: black on white is 21:1, a colour on itself 1:1, and UIKit's normal
    /// placeholder grey on white (the reason for the change) is below 4.5:1.
    @Test func theContrastFormulaIsWCAGs() {
        #expect(abs(Self.contrast(.black, over: .white) - 21) < 0.001)
        #expect(abs(Self.contrast(.white, over: .white) - 1) < 0.001)
        let normal = TraitCollection(userInterfaceStyle: .light)
        #expect(Self.contrast(TextField.placeholderColor.resolvedColor(with: normal), over: .white) < 4.5)
    }
}
