/// An element that is not a view (UIKit's `UIAccessibilityElement`): a part of a view the reader
/// should focus on its own, as a segment of a segmented control or a key of the on-screen keyboard.
/// Its container lists it in `accessibilityElements`.
@MainActor
open class AccessibilityElement: AccessibilityNode {
    /// The view (or element) it belongs to; kept weakly, as UIKit does.
    public weak var accessibilityContainer: AnyObject?
    /// An element is an element by default.
    open var isAccessibilityElement = true
    /// What it is, spoken first.
    open var accessibilityLabel: String?
    /// Its current value.
    open var accessibilityValue: String?
    /// What activating it does.
    open var accessibilityHint: String?
    /// What it is and how it behaves.
    open var accessibilityTraits: AccessibilityTraits = .none
    /// The language its label is spoken in.
    open var accessibilityLanguage: String?
    /// Its own elements, when it is a container too.
    open var accessibilityElements: [Any]?
    /// Extra actions besides activation.
    open var accessibilityCustomActions: [AccessibilityCustomAction]?
    /// Hides it from the reader.
    open var accessibilityElementsHidden = false
    /// Whether its siblings are ignored while it is shown.
    open var accessibilityViewIsModal = false
    /// Whether its elements are read as a block.
    open var shouldGroupAccessibilityChildren = false
    /// Its frame in the container view's coordinates (UIKit's `accessibilityFrameInContainerSpace`);
    /// `accessibilityFrame` follows the container when it moves.
    open var accessibilityFrameInContainerSpace: Rect = .zero
    private var screenFrameOverride: Rect?
    private var activationPointOverride: Point?

    /// Makes an element of `accessibilityContainer` (a view or another element).
    public init(accessibilityContainer: AnyObject) {
        self.accessibilityContainer = accessibilityContainer
    }

    /// Its frame in screen coordinates: set directly, else `accessibilityFrameInContainerSpace`
    /// converted through the container view.
    open var accessibilityFrame: Rect {
        get {
            if let frame = screenFrameOverride { return frame }
            if let view = containerView { return view.screenRect(accessibilityFrameInContainerSpace) }
            return accessibilityFrameInContainerSpace
        }
        set { screenFrameOverride = newValue }
    }

    /// Where a double-tap lands, in screen coordinates; the middle of its frame by default.
    open var accessibilityActivationPoint: Point {
        get {
            if let point = activationPointOverride { return point }
            let frame = accessibilityFrame
            return Point(x: frame.midX, y: frame.midY)
        }
        set { activationPointOverride = newValue }
    }

    /// The handler for the reader's double-tap; nil (the default) makes `accessibilityActivate()`
    /// return false, so the reader taps the activation point.
    open var activationHandler: (@MainActor () -> Bool)?
    /// Runs on swipe up when adjustable.
    open var incrementHandler: (@MainActor () -> Void)?
    /// Runs on swipe down when adjustable.
    open var decrementHandler: (@MainActor () -> Void)?

    /// Runs `activationHandler`; false without one.
    open func accessibilityActivate() -> Bool { activationHandler?() ?? false }
    /// Runs `incrementHandler`.
    open func accessibilityIncrement() { incrementHandler?() }
    /// Runs `decrementHandler`.
    open func accessibilityDecrement() { decrementHandler?() }
    /// An element does not scroll; its container view is asked.
    open func accessibilityScroll(_ direction: AccessibilityScrollDirection) -> Bool { false }

    /// The nearest view up the container chain.
    var containerView: View? {
        var container = accessibilityContainer
        while let current = container {
            if let view = current as? View { return view }
            container = (current as? AccessibilityElement)?.accessibilityContainer
        }
        return nil
    }
}
