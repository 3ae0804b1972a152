import ResponderKit

/// One numbered piece of the puzzle. It implements no touch methods: a tap on it is hit-tested to
/// the tile (its number label ignores touches, as every `Label` does) and forwarded up the chain
/// to the `Board`, which reads `touch.view` to know which tile was tapped (seed 000 §11.7.1).
public final class Tile: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    public override class var standardHitTestingClass: View.Type { Tile.self }

    /// 0-based piece number; the tile shows `piece + 1`.
    public let piece: Int
    private let number = Label(frame: .zero)

    /// How the tile looks: plain, selected (the first tap of a swap), or under the keyboard cursor.
    public enum Look: Equatable { case plain, selected, cursor, selectedCursor }
    public var look: Look = .plain { didSet { if look != oldValue { applyLook() } } }
    /// Whether a finger is down on the tile: it brightens at once, as UIKit's controls highlight on
    /// touch-down, so a press is seen before the tap completes (the tap still acts on release).
    public var isPressed: Bool { fingers > 0 }
    private var fingers = 0 {
        didSet { if (fingers > 0) != (oldValue > 0) { applyLook() } }
    }

    /// A finger went down on the tile (the `Board` calls this from `touchesBegan`).
    public func press() { fingers += 1 }
    /// A finger that went down on the tile lifted or was cancelled.
    public func release() { fingers = max(0, fingers - 1) }

    public init(piece: Int) {
        self.piece = piece
        super.init(frame: .zero)
        layer.cornerRadius = 14
        number.text = String(piece + 1)
        number.textAlignment = .center
        number.textColor = .white
        addSubview(number)
        applyLook()
        // For the screen reader: the tile is one button named by its number (its label inside is
        // not read on its own); its selection is read from `look`.
        isAccessibilityElement = true
        accessibilityLabel = "Tile \(piece + 1)"
    }

    /// A button, selected while it is the first tap of a swap.
    public override var accessibilityTraits: AccessibilityTraits {
        get { look == .selected || look == .selectedCursor ? [.button, .selected] : .button }
        set { super.accessibilityTraits = newValue }
    }

    public override func layoutSubviews() {
        number.font = .systemFont(ofSize: (min(bounds.width, bounds.height) * 0.42).rounded(), weight: .bold)
        number.frame = bounds
    }

    private func applyLook() {
        switch look {
        case .plain, .cursor: backgroundColor = isPressed ? Palette.pressedTile : Palette.tile
        case .selected, .selectedCursor: backgroundColor = isPressed ? Palette.pressedSelectedTile : Palette.selectedTile
        }
        layer.borderWidth = (look == .cursor || look == .selectedCursor) ? 5 : 0
        layer.borderColor = Palette.cursor
    }

    public override var description: String { "Tile \(piece + 1)" }
}

/// The puzzle's colours.
enum Palette {
    static let screen = Color(red: 0.09, green: 0.10, blue: 0.13)
    static let board = Color(red: 0.16, green: 0.18, blue: 0.22)
    static let tile = Color(red: 0.20, green: 0.42, blue: 0.78)
    static let selectedTile = Color(red: 0.96, green: 0.62, blue: 0.15)
    /// The tile and the selected tile under a finger: lighter, as a highlighted button.
    static let pressedTile = Color(red: 0.36, green: 0.58, blue: 0.92)
    static let pressedSelectedTile = Color(red: 1.0, green: 0.76, blue: 0.40)
    static let cursor = Color(white: 0.95)
    static let text = Color(white: 0.92)
    static let solved = Color(red: 0.35, green: 0.85, blue: 0.45)
}
