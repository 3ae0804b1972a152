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
    /// The text style a preferred font was made for (`preferredFont(forTextStyle:)`), so a label
    /// with `adjustsFontForContentSizeCategory` can remake it at a new text size; nil otherwise.
    public internal(set) var textStyle: TextStyle?

    /// The family the system font uses.
    public static let systemFamilyName = "DejaVu Sans"

    /// The font families the installed renderer can draw, sorted (UIKit's `UIFont.familyNames`);
    /// empty until a renderer has installed them (`Rendering.install()`).
    public static var familyNames: [String] { FontCatalog.familyNames }

    /// Tells the core which font families exist, so `Font(name:size:)` answers nil for the others.
    /// The renderer calls it (`Rendering.install()` lists fontconfig's families through Pango); nil
    /// accepts every name again, as before any renderer.
    public static func installFamilyNames(_ names: [String]?) { FontCatalog.install(names) }

    /// A font of the named family (matched regardless of case, as fontconfig does), or nil — as
    /// UIKit's `UIFont(name:size:)` answers nil — when the renderer has no such family, for an
    /// empty name, or for a size that is not a positive number. So an app can pick its own
    /// fallback: `Font(name: "Roboto", size: 17) ?? .systemFont(ofSize: 17)`. The generic
    /// families (`sans-serif`, `serif`, `monospace`, …) are always there. Which families exist
    /// comes from the installed renderer (`Rendering.install()`, fontconfig through Pango);
    /// without one, every name is accepted. `init(familyName:size:weight:)` never fails: it
    /// leaves a missing family to fontconfig's substitution.
    /// - Complexity: O(length of `name`).
    public init?(name: String, size: Double) {
        guard !name.isEmpty, size.isFinite, size > 0, FontCatalog.contains(name) else { return nil }
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
