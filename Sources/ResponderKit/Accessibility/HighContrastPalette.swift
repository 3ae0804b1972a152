/// The system palette's increased-contrast variants (UIKit's colours with
/// `accessibilityContrast == .high`, "Increase Contrast" on iOS), used when high contrast is on.
///
/// The tinted colours and greys are Apple's documented accessible values (Human Interface
/// Guidelines, "Color": each system colour's light, dark, and increased-contrast light and dark
/// values). The label, placeholder and separator alphas are this project's: raised so every text
/// colour reaches WCAG's 4.5:1 (success criterion 1.4.3) on every system background it is drawn on
/// (secondary 0.6 → 0.85; tertiary and placeholder 0.3 → 0.75 in light, 0.6 in dark, where the
/// light grouped background, 242/242/247, is the hardest: 4.85:1; `HighContrastTextTests` checks
/// every pair). For the same reason three dark values are raised above Apple's: blue and link
/// (64/156/255 → 84/166/255) and red (255/105/97 → 255/120/112), which reached only 4.3:1 on the
/// high-contrast tertiary background (54/54/56); they now reach 4.7:1.
///
/// A colour is matched by its value in the appearance it resolves in, so an app colour that equals
/// a system colour's value is drawn as that system colour's variant too.
enum HighContrastPalette {
    private struct Key: Hashable {
        let components: Color.Components
        let dark: Bool
    }

    private typealias RGBA = (Double, Double, Double, Double)

    /// The variants: the normal colour and its high-contrast light and dark values (0…255).
    private static let pairs: [(Color, RGBA, RGBA)] = [
        (.systemRed, (215, 0, 21, 1), (255, 120, 112, 1)),
        (.systemOrange, (201, 52, 0, 1), (255, 179, 64, 1)),
        (.systemYellow, (178, 80, 0, 1), (255, 212, 38, 1)),
        (.systemGreen, (36, 138, 61, 1), (48, 219, 91, 1)),
        (.systemMint, (12, 129, 123, 1), (102, 212, 207, 1)),
        (.systemTeal, (0, 130, 153, 1), (93, 230, 255, 1)),
        (.systemCyan, (0, 113, 164, 1), (112, 215, 255, 1)),
        (.systemBlue, (0, 64, 221, 1), (84, 166, 255, 1)),
        (.link, (0, 64, 221, 1), (84, 166, 255, 1)),
        (.systemIndigo, (54, 52, 163, 1), (125, 122, 255, 1)),
        (.systemPurple, (137, 68, 171, 1), (218, 143, 255, 1)),
        (.systemPink, (211, 15, 69, 1), (255, 100, 130, 1)),
        (.systemBrown, (127, 101, 69, 1), (181, 148, 105, 1)),
        (.systemGray, (108, 108, 112, 1), (174, 174, 178, 1)),
        (.systemGray2, (142, 142, 147, 1), (124, 124, 128, 1)),
        (.systemGray3, (174, 174, 178, 1), (84, 84, 86, 1)),
        (.systemGray4, (188, 188, 192, 1), (68, 68, 70, 1)),
        (.systemGray5, (216, 216, 220, 1), (54, 54, 56, 1)),
        (.systemGray6, (235, 235, 240, 1), (36, 36, 38, 1)),
        (.secondaryLabel, (60, 60, 67, 0.85), (235, 235, 245, 0.85)),
        (.tertiaryLabel, (60, 60, 67, 0.75), (235, 235, 245, 0.6)),
        (.placeholderText, (60, 60, 67, 0.75), (235, 235, 245, 0.6)),
        // A text field's own placeholder grey (`TextField.placeholderColor`: white 0.7 in light,
        // 2.2:1 on white): a grey of 5.0:1 on the high-contrast grouped background (235/235/240).
        (Color(light: Color(white: 0.7), dark: .placeholderText), (100, 100, 104, 1), (235, 235, 245, 0.6)),
        (.separator, (60, 60, 67, 0.6), (84, 84, 88, 1))
    ]

    /// Normal value (per appearance) → high-contrast value.
    private static let table: [Key: Color.Components] = {
        var table: [Key: Color.Components] = [:]
        func components(_ c: RGBA) -> Color.Components { Color.Components(red: c.0 / 255, green: c.1 / 255, blue: c.2 / 255, alpha: c.3) }
        for (color, light, dark) in pairs {
            if table[Key(components: color.light, dark: false)] == nil { table[Key(components: color.light, dark: false)] = components(light) }
            if table[Key(components: color.dark, dark: true)] == nil { table[Key(components: color.dark, dark: true)] = components(dark) }
        }
        return table
    }()

    /// The high-contrast variant of `components` resolved in dark (or light) appearance; nil when it
    /// is no system colour.
    /// - Complexity: O(1) (one hash lookup).
    static func variant(of components: Color.Components, dark: Bool) -> Color? {
        guard let c = table[Key(components: components, dark: dark)] else { return nil }
        return Color(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
    }
}
