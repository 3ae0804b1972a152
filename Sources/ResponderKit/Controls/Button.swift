/// A push button (UIKit's `UIButton`): highlighted while a finger is on it, `.touchUpInside` and
/// `.primaryActionTriggered` when a tap lifts inside the tracking tolerance.
@MainActor
open class Button: Control {
    private var titles: [UInt: String] = [:]
    private var titleColors: [UInt: Color] = [:]

    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    public func setTitle(_ title: String?, for state: ControlState) {
        titles[state.rawValue] = title
        setNeedsDisplay()
    }

    /// The title for `state`, falling back to `.normal`'s.
    public func title(for state: ControlState) -> String? { titles[state.rawValue] ?? titles[ControlState.normal.rawValue] }

    public func setTitleColor(_ color: Color?, for state: ControlState) {
        titleColors[state.rawValue] = color
        setNeedsDisplay()
    }

    public func titleColor(for state: ControlState) -> Color? {
        titleColors[state.rawValue] ?? titleColors[ControlState.normal.rawValue]
    }

    /// The title shown now.
    public var currentTitle: String? { title(for: state) }

    open override var touchUpInsideEvents: ControlEvents { [.touchUpInside, .primaryActionTriggered] }
}
