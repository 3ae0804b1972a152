/// An RGBA colour with components in 0…1 (UIKit's `UIColor`, reduced to what drawing needs),
/// which may be dynamic: a different colour in light and in dark appearance.
///
/// A dynamic colour (the system palette's `label`, `systemBackground`, `systemBlue`…, or one
/// made with `init(dynamicProvider:)`) is resolved for a `TraitCollection` with
/// `resolvedColor(with:)`. Views keep the dynamic colour; the renderer resolves it with the
/// drawn view's `traitCollection` at draw time (backgrounds, borders and everything a `draw(_:)`
/// hands to `GraphicsContext`), so switching `overrideUserInterfaceStyle` redraws every colour.
///
/// The only trait that varies here is `userInterfaceStyle`, so a colour holds its two
/// resolutions inline (no allocation, no closure): `init(dynamicProvider:)` asks the provider
/// once for light and once for dark. `red`, `green`, `blue` and `alpha` read the light
/// resolution; setting one sets it in both appearances.
public struct Color: Hashable, Sendable {
    /// One resolution's components (sRGB, not premultiplied).
    struct Components: Hashable, Sendable {
        var red: Double, green: Double, blue: Double, alpha: Double
    }

    /// The colour in light (and unspecified) appearance.
    var light: Components
    /// The colour in dark appearance (equal to `light` for a plain colour).
    var dark: Components

    /// The red component (0…1) in light appearance; setting it sets both appearances.
    public var red: Double {
        get { light.red }
        set { light.red = newValue; dark.red = newValue }
    }
    /// The green component (0…1) in light appearance; setting it sets both appearances.
    public var green: Double {
        get { light.green }
        set { light.green = newValue; dark.green = newValue }
    }
    /// The blue component (0…1) in light appearance; setting it sets both appearances.
    public var blue: Double {
        get { light.blue }
        set { light.blue = newValue; dark.blue = newValue }
    }
    /// The opacity (0…1) in light appearance; setting it sets both appearances.
    public var alpha: Double {
        get { light.alpha }
        set { light.alpha = newValue; dark.alpha = newValue }
    }

    /// Makes a colour from its components (0…1), the same in every appearance.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        light = Components(red: red, green: green, blue: blue, alpha: alpha)
        dark = light
    }

    /// Makes a grey: `white` 0 is black, 1 is white.
    public init(white: Double, alpha: Double = 1) { self.init(red: white, green: white, blue: white, alpha: alpha) }

    /// Makes a colour whose value depends on the appearance (UIKit's `init(dynamicProvider:)`):
    /// `provider` is called once with a light and once with a dark `TraitCollection`, here.
    /// - Complexity: two calls of `provider`.
    public init(dynamicProvider provider: (TraitCollection) -> Color) {
        light = provider(TraitCollection(userInterfaceStyle: .light)).light
        dark = provider(TraitCollection(userInterfaceStyle: .dark)).dark
    }

    /// A colour that is `light` in light (and unspecified) appearance and `dark` in dark.
    init(light: Color, dark: Color) {
        self.light = light.light
        self.dark = dark.dark
    }

    /// Whether the colour differs between light and dark appearance.
    public var isDynamic: Bool { light != dark }

    /// The plain colour this one is in `traitCollection`'s appearance (UIKit's
    /// `resolvedColor(with:)`); `.unspecified` resolves as light.
    /// - Complexity: O(1).
    @inline(__always)
    public func resolvedColor(with traitCollection: TraitCollection) -> Color {
        resolved(for: traitCollection.userInterfaceStyle, highContrast: traitCollection.accessibilityContrast == .high)
    }

    /// The plain colour for `style` (`.unspecified` is light) in the app's contrast setting.
    @inline(__always)
    func resolved(for style: UserInterfaceStyle) -> Color {
        resolved(for: style, highContrast: VisualSettings.current.isHighContrastEnabled)
    }

    /// The plain colour for `style`; with `highContrast` a system colour's increased-contrast
    /// variant (`HighContrastPalette`).
    @inline(__always)
    func resolved(for style: UserInterfaceStyle, highContrast: Bool) -> Color {
        let c = style == .dark ? dark : light
        if highContrast, let variant = HighContrastPalette.variant(of: c, dark: style == .dark) { return variant }
        return Color(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
    }

    /// Fully transparent black.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque black.
    public static let black = Color(white: 0)
    /// Opaque white.
    public static let white = Color(white: 1)
    /// 50 % grey.
    public static let gray = Color(white: 0.5)
    /// Two-thirds white (UIKit's `lightGray`).
    public static let lightGray = Color(white: 2.0 / 3.0)
    /// One-third white (UIKit's `darkGray`).
    public static let darkGray = Color(white: 1.0 / 3.0)
    /// Pure red.
    public static let red = Color(red: 1, green: 0, blue: 0)
    /// Pure green.
    public static let green = Color(red: 0, green: 1, blue: 0)
    /// Pure blue.
    public static let blue = Color(red: 0, green: 0, blue: 1)
    /// Pure yellow.
    public static let yellow = Color(red: 1, green: 1, blue: 0)
    /// Orange (1, 0.5, 0).
    public static let orange = Color(red: 1, green: 0.5, blue: 0)

    /// The same colour with another alpha, in both appearances (UIKit: a dynamic colour stays
    /// dynamic).
    public func withAlphaComponent(_ alpha: Double) -> Color {
        var copy = self
        copy.light.alpha = alpha
        copy.dark.alpha = alpha
        return copy
    }

    /// The same colour with each appearance's alpha multiplied by `factor`.
    func multiplyingAlpha(by factor: Double) -> Color {
        var copy = self
        copy.light.alpha *= factor
        copy.dark.alpha *= factor
        return copy
    }

    /// The colour `t` of the way from `a` to `b`, component by component in each appearance
    /// (animations blend dynamic colours without resolving them).
    /// - Complexity: O(1).
    static func blend(_ a: Color, _ b: Color, _ t: Double) -> Color {
        func mix(_ x: Components, _ y: Components) -> Components {
            Components(
                red: x.red + (y.red - x.red) * t, green: x.green + (y.green - x.green) * t,
                blue: x.blue + (y.blue - x.blue) * t, alpha: x.alpha + (y.alpha - x.alpha) * t)
        }
        var result = a
        result.light = mix(a.light, b.light)
        result.dark = mix(a.dark, b.dark)
        return result
    }
}
