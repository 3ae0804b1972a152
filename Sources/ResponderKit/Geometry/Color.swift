/// An RGBA colour with components in 0…1 (UIKit's `UIColor`, reduced to what drawing needs).
public struct Color: Hashable, Sendable {
    /// The components, from 0 to 1 (sRGB, not premultiplied).
    public var red: Double, green: Double, blue: Double, alpha: Double

    /// Makes a colour from its components (0…1).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// Makes a grey: `white` 0 is black, 1 is white.
    public init(white: Double, alpha: Double = 1) { self.init(red: white, green: white, blue: white, alpha: alpha) }

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
    /// UIKit's system blue (0, 122, 255), the tint of buttons and switches.
    public static let systemBlue = Color(red: 0, green: 122.0 / 255, blue: 1)
    /// Pure yellow.
    public static let yellow = Color(red: 1, green: 1, blue: 0)
    /// Orange (1, 0.5, 0).
    public static let orange = Color(red: 1, green: 0.5, blue: 0)

    /// The same colour with another alpha.
    public func withAlphaComponent(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }
}
