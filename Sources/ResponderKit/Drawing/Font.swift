/// A typeface at a size (UIKit's `UIFont`). The renderer resolves the family through fontconfig and
/// Pango; the system font is DejaVu Sans (Debian's `fonts-dejavu-core`), so text measures and draws
/// the same on every machine that has the package.
public struct Font: Hashable, Sendable, CustomStringConvertible {
    /// UIKit's weights, with its raw values (regular 0, bold 0.4).
    public struct Weight: Hashable, Sendable, Comparable {
        /// The weight as UIKit's number: 0 is regular, negative is lighter, positive bolder.
        public let rawValue: Double
        /// Makes a weight from UIKit's number.
        public init(rawValue: Double) { self.rawValue = rawValue }
        /// The lightest weight.
        public static let ultraLight = Weight(rawValue: -0.8)
        /// Thin.
        public static let thin = Weight(rawValue: -0.6)
        /// Light.
        public static let light = Weight(rawValue: -0.4)
        /// Regular, the body text weight.
        public static let regular = Weight(rawValue: 0)
        /// Medium.
        public static let medium = Weight(rawValue: 0.23)
        /// Semibold.
        public static let semibold = Weight(rawValue: 0.3)
        /// Bold.
        public static let bold = Weight(rawValue: 0.4)
        /// Heavy.
        public static let heavy = Weight(rawValue: 0.56)
        /// The boldest weight.
        public static let black = Weight(rawValue: 0.62)
        public static func < (a: Weight, b: Weight) -> Bool { a.rawValue < b.rawValue }

        /// The matching CSS/OpenType weight (100…900), as Pango's `PangoWeight` takes it.
        public var cssWeight: Int {
            switch rawValue {
            case ..<(-0.7): return 100
            case ..<(-0.5): return 200
            case ..<(-0.2): return 300
            case ..<0.1: return 400
            case ..<0.26: return 500
            case ..<0.35: return 600
            case ..<0.5: return 700
            case ..<0.6: return 800
            default: return 900
            }
        }
    }

    /// The family name handed to fontconfig ("DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono").
    public let familyName: String
    /// The size in points.
    public let pointSize: Double
    /// The weight.
    public let weight: Weight

    /// The family the system font uses.
    public static let systemFamilyName = "DejaVu Sans"

    /// A font of the named family, or nil for an empty name or a size that is not a positive number
    /// (UIKit's `UIFont(name:size:)` is failable too). An unknown family falls back to the
    /// closest one fontconfig has, as Pango does.
    public init?(name: String, size: Double) {
        guard !name.isEmpty, size.isFinite, size > 0 else { return nil }
        self.familyName = name
        self.pointSize = size
        self.weight = .regular
    }

    /// Makes a font of a family (a fontconfig family name such as "DejaVu Sans").
    public init(familyName: String, size: Double, weight: Weight = .regular) {
        self.familyName = familyName.isEmpty ? Font.systemFamilyName : familyName
        self.pointSize = size.isFinite && size > 0 ? size : 17
        self.weight = weight
    }

    /// The system font (DejaVu Sans, so text is the same on every machine) at `size` points.
    public static func systemFont(ofSize size: Double, weight: Weight = .regular) -> Font {
        Font(familyName: systemFamilyName, size: size, weight: weight)
    }

    /// The bold system font.
    public static func boldSystemFont(ofSize size: Double) -> Font { systemFont(ofSize: size, weight: .bold) }

    /// The monospaced system font (DejaVu Sans Mono).
    public static func monospacedSystemFont(ofSize size: Double, weight: Weight = .regular) -> Font {
        Font(familyName: "DejaVu Sans Mono", size: size, weight: weight)
    }

    /// UIKit's default label font size.
    public static var labelFontSize: Double { 17 }

    /// The same font at another size.
    public func withSize(_ size: Double) -> Font { Font(familyName: familyName, size: size, weight: weight) }

    /// The line height the text engine reports for this font (Pango's logical line extent).
    @MainActor public var lineHeight: Double { Drawing.textEngine.lineHeight(of: self) }

    public var description: String { "\(familyName) \(weight.cssWeight) \(pointSize)pt" }
}
