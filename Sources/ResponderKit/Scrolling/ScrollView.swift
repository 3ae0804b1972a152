/// UIKit's `UIScrollView`: a view whose `bounds.origin` is the `contentOffset`, moved by a pan
/// (touch, touchpad two-finger scroll), the mouse wheel, the keyboard, or in code.
///
/// Scrolling changes only `bounds.origin`, so the hit index's scroll path applies: a scroll step
/// rebuilds nothing (the scroll view roots its own index space at its first scroll).
///
/// - Dragging: `panGestureRecognizer` (a `PanGestureRecognizer`, touches past its 10 pt slop, or
///   a continuous scroll) moves the content 1:1 with the finger from where the pan began, along
///   the axes that can scroll (content larger than the bounds, or `alwaysBounce…`); past an edge
///   with UIKit's rubber band when `bounces`, not at all otherwise.
/// - Release: exponential deceleration at `decelerationRate` per millisecond (the delegate may
///   move the target), a critically damped spring back from past an edge, the nearest page in the
///   fling's direction when `isPagingEnabled` — all on the application's frame clock
///   (`Application.animator`), which keeps the host drawing frames only while something moves.
///   A touch down stops the motion at once; that touch does not reach the content.
/// - Content touches: a second recognizer on the scroll view holds the content's touches for
///   150 ms while `delaysContentTouches` (a quick tap still reaches it, began then ended); once
///   the content has a touch, a drag past the slop asks `touchesShouldCancel(in:)` (true for plain
///   views, false for controls): true cancels the content's touch and scrolls, false lets the
///   content keep it and the scroll does not begin. `touchesShouldBegin(_:with:in:)` false keeps
///   a touch from the content altogether.
/// - Nesting: a scroll view that scrolls on one axis only lets a drag along the other axis fail
///   its pan, so an enclosing scroll view on that axis takes it (an inner vertical list in a
///   horizontal pager). On the same axis the innermost wins the whole drag: it scrolls to its
///   edge and bounces there; nothing is handed to the outer one.
/// - Wheel: a wheel click scrolls `wheelLineStep` points at once (clamped); at the edge the click
///   goes on along `next`, so an enclosing scroll view takes it. Touchpad scrolling drives the pan
///   (1:1, then deceleration after the fingers lift).
/// - Keyboard: presses that reach the scroll view through the responder chain (it, or a view
///   inside it that does not use the key, is first responder; `canBecomeFirstResponder` is true so
///   a kiosk can make its list the key target) scroll animated: arrows by `keyboardLineStep`, Page
///   Up/Down and space (shift-space up) by the visible height less one line, Home/End to the ends.
@MainActor
open class ScrollView: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    open override class var standardHitTestingClass: View.Type { ScrollView.self }

    /// How fast a fling slows down: the fraction of its velocity kept per millisecond.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public var rawValue: Double
        public init(rawValue: Double) { self.rawValue = rawValue }
        /// UIKit's normal rate (0.998 per ms).
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// UIKit's fast rate (0.99 per ms).
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// Told about scrolling, dragging and deceleration in UIKit's order.
    public weak var delegate: ScrollViewDelegate?

    /// The size of the scrollable content, in the scroll view's coordinates.
    public var contentSize: Size = .zero {
        didSet {
            guard contentSize != oldValue else { return }
            if !contentSize.width.isFinite || !contentSize.height.isFinite || contentSize.width < 0 || contentSize.height < 0 {
                ResponderDiagnostics.report(.gesture("ScrollView.contentSize \(contentSize) must be finite and non-negative; using 0"))
                contentSize = Size(
                    width: max(0, contentSize.width.isFinite ? contentSize.width : 0),
                    height: max(0, contentSize.height.isFinite ? contentSize.height : 0))
                return
            }
            layoutIndicators()
        }
    }

    /// The point of the content at the scroll view's top-left corner: `bounds.origin`.
    public var contentOffset: Point {
        get { bounds.origin }
        set { setContentOffset(newValue, animated: false) }
    }

    /// Extra scrollable space around the content.
    public var contentInset: EdgeInsets = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0) {
        didSet { layoutIndicators() }
    }

    /// The insets scrolling uses: `contentInset`, plus `keyboardInset` at the bottom while the
    /// on-screen keyboard covers part of the view (there are no safe areas here, so UIKit's
    /// automatic adjustment adds nothing else).
    public var adjustedContentInset: EdgeInsets {
        guard keyboardInset > 0 else { return contentInset }
        var inset = contentInset
        inset.bottom += keyboardInset
        return inset
    }
    /// Whether this scroll view keeps a focused view inside it above the docked on-screen keyboard
    /// (see ScrollView+Keyboard.swift). True by default: UIKit apps do this by hand.
    public var keepsFirstResponderAboveKeyboard = true
    /// How much of this scroll view the docked keyboard covers (points from its bottom), added to
    /// the bottom of `adjustedContentInset` so every row can still be scrolled into view.
    public internal(set) var keyboardInset: Double = 0

    /// When false, neither a pan, nor the wheel, nor the keyboard scroll; code still can.
    public var isScrollEnabled = true {
        didSet { panGestureRecognizer.isEnabled = isScrollEnabled }
    }

    /// Whether the content can be pulled past its edges (and springs back).
    public var bounces = true
    /// Bounce vertically even when the content is not taller than the bounds.
    public var alwaysBounceVertical = false
    /// Bounce horizontally even when the content is not wider than the bounds.
    public var alwaysBounceHorizontal = false
    /// Releases settle on multiples of the bounds size.
    public var isPagingEnabled = false
    /// How quickly a flicked scroll view slows down (`.normal` 0.998, `.fast` 0.99 per millisecond).
    public var decelerationRate: DecelerationRate = .normal
    /// Whether the vertical indicator shows while scrolling.
    public var showsVerticalScrollIndicator = true { didSet { layoutIndicators() } }
    /// Whether the horizontal indicator shows while scrolling.
    public var showsHorizontalScrollIndicator = true { didSet { layoutIndicators() } }
    /// Content touches wait 150 ms for a pan to begin before the content sees them (default true).
    public var delaysContentTouches = true {
        didSet { touchDelayRecognizer.delaysTouchesBegan = delaysContentTouches }
    }
    /// A pan may take a touch the content already has (after asking `touchesShouldCancel(in:)`).
    public var canCancelContentTouches = true
    /// UIKit's flag for the status-bar tap. Kiosks here have no status bar, so nothing scrolls
    /// to the top by itself; the flag and `scrollViewShouldScrollToTop` are kept for parity.
    public var scrollsToTop = true

    /// A finger (or touchpad stream) is down on the scroll view.
    public internal(set) var isTracking = false
    /// The pan began and has not ended.
    public internal(set) var isDragging = false
    /// Moving after a release (deceleration, bounce back, paging).
    public internal(set) var isDecelerating = false

    /// The pan that scrolls (touches and continuous scrolls); apps may add requirements to it.
    public var panGestureRecognizer: PanGestureRecognizer { scrollPan }

    /// Points per wheel click (a libinput click is 15°, `value120` 120).
    public var wheelLineStep: Double = 40
    /// Points per arrow key.
    public var keyboardLineStep: Double = 40

    /// How long content touches wait for a pan (UIKit's 150 ms).
    public static let contentTouchDelay = 0.15
    /// How long indicators stay after scrolling stopped before they fade.
    public static let indicatorFadeDelay = 0.5

    let scrollPan: ScrollPanGestureRecognizer
    let touchDelayRecognizer: ScrollTouchDelayGestureRecognizer

    // Motion after release or in code.
    var motion: ScrollMotion?
    /// The offset the drag started at, in unrubber-banded "finger" coordinates.
    var dragOrigin = Point.zero
    var verticalIndicator: ScrollIndicator?
    var horizontalIndicator: ScrollIndicator?
    /// When the indicators start fading (nil: shown while scrolling, or hidden).
    var indicatorFadeStart: Double?
    /// Keys whose press this view took (their ended and cancelled stay here too).
    var handledKeyCodes: Set<Int> = []

    /// Makes a scroll view; set `contentSize` to make it scroll.
    public override init(frame: Rect) {
        scrollPan = ScrollPanGestureRecognizer()
        touchDelayRecognizer = ScrollTouchDelayGestureRecognizer()
        super.init(frame: frame)
        clipsToBounds = true
        scrollPan.scrollView = self
        scrollPan.allowedScrollTypesMask = .continuous
        scrollPan.name = "ScrollView.pan"
        touchDelayRecognizer.scrollView = self
        touchDelayRecognizer.delaysTouchesBegan = delaysContentTouches
        touchDelayRecognizer.name = "ScrollView.touchDelay"
        panTarget.scrollView = self
        scrollPan.addTarget(panTarget, action: ScrollPanTarget.action)
        addGestureRecognizer(touchDelayRecognizer)
        addGestureRecognizer(scrollPan)
    }

    /// Receives the pan's actions (targets are held weakly, so the scroll view keeps it).
    private let panTarget = ScrollPanTarget()

    // MARK: Content touches (UIKit's overridable policy)

    /// Whether the content view `view` may get `touches` (asked when they would reach it:
    /// after the delay, or at once without one). False: the content never sees them.
    open func touchesShouldBegin(_ touches: Set<Touch>, with event: Event?, in view: View) -> Bool { true }

    /// Whether a pan may take a touch `view` already has (content gets `touchesCancelled`):
    /// true for plain views, false for controls, as in UIKit.
    open func touchesShouldCancel(in view: View) -> Bool { !(view is Control) }

    // MARK: Offsets

    /// Sets the offset; animated, it moves there on the frame clock in 0.3 s (ease-out), calling
    /// `scrollViewDidScroll` at each frame and `scrollViewDidEndScrollingAnimation` at the end.
    /// Unanimated it jumps there (no clamping, as in UIKit) and stops any motion (a superseded
    /// animation or deceleration reports no end).
    /// - Complexity: O(1) plus the delegate: only `bounds.origin` changes, which the hit index
    ///   absorbs without an update (scrollbench: ~0.9 µs a step in release, warm).
    public func setContentOffset(_ offset: Point, animated: Bool) {
        guard offset.isFinite else {
            return ResponderDiagnostics.report(.gesture("ScrollView.setContentOffset with a non-finite offset \(offset); ignored"))
        }
        if animated, let animator = window?.application.animator, offset != contentOffset {
            let now = window!.application.clock.now
            startMotion(.animation(from: contentOffset, to: offset, start: now, duration: ScrollMotion.animationDuration), on: animator)
            return
        }
        let changed = offset != contentOffset
        stopMotion()
        applyOffset(offset)
        // Animated but with no frame clock (not in a window): it ends at once, and says so.
        if animated && changed { delegate?.scrollViewDidEndScrollingAnimation(self) }
    }

    /// Scrolls the least needed to show `rect` (content coordinates), clamped to the content.
    public func scrollRectToVisible(_ rect: Rect, animated: Bool) {
        guard !rect.isNull, rect.origin.isFinite else { return }
        var target = contentOffset
        let size = bounds.size
        if rect.maxX > target.x + size.width { target.x = rect.maxX - size.width }
        if rect.minX < target.x { target.x = rect.minX }
        if rect.maxY > target.y + size.height { target.y = rect.maxY - size.height }
        if rect.minY < target.y { target.y = rect.minY }
        target = clamped(target)
        guard target != contentOffset else { return }
        setContentOffset(target, animated: animated)
    }

    /// The one place the offset changes: `bounds.origin`, indicators, `scrollViewDidScroll`.
    /// - Complexity: O(1) plus the delegate (one entry update per visible indicator).
    func applyOffset(_ offset: Point) {
        guard offset != bounds.origin else { return }
        bounds.origin = offset
        layoutIndicators()
        contentOffsetDidChange()
        delegate?.scrollViewDidScroll(self)
    }

    /// Called at every change of the offset, before the delegate hears of it: a subclass that
    /// tiles its content (`TableView`) brings the rows in view here, so `scrollViewDidScroll`
    /// sees them. Nothing by default.
    func contentOffsetDidChange() {}

    // MARK: Ranges

    /// The smallest offset on each axis.
    var minimumOffset: Point { Point(x: -adjustedContentInset.left, y: -adjustedContentInset.top) }

    /// The largest offset on each axis (never below the smallest).
    var maximumOffset: Point {
        let inset = adjustedContentInset
        let size = bounds.size
        return Point(
            x: max(-inset.left, contentSize.width + inset.right - size.width),
            y: max(-inset.top, contentSize.height + inset.bottom - size.height))
    }

    /// `offset` brought inside the scrollable range.
    func clamped(_ offset: Point) -> Point {
        let lo = minimumOffset, hi = maximumOffset
        return Point(x: min(max(offset.x, lo.x), hi.x), y: min(max(offset.y, lo.y), hi.y))
    }

    /// The content (with insets) is wider than the bounds, or it always bounces horizontally.
    var scrollsHorizontally: Bool {
        let inset = adjustedContentInset
        return contentSize.width + inset.left + inset.right > bounds.width || (bounces && alwaysBounceHorizontal)
    }

    var scrollsVertically: Bool {
        let inset = adjustedContentInset
        return contentSize.height + inset.top + inset.bottom > bounds.height || (bounces && alwaysBounceVertical)
    }

    /// Whether the offset lies past an edge.
    var isOverscrolled: Bool { clamped(contentOffset) != contentOffset }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutIndicators()
    }

    // MARK: Responder (the wheel and keys: ScrollView+Input.swift)

    /// A scroll view can take keys (arrows, Page Up/Down, space, Home/End scroll it).
    open override var canBecomeFirstResponder: Bool { true }

    open override func scrollWheel(_ scroll: ScrollInfo, with event: Event?) { wheelScrolled(scroll, with: event) }
    func forwardScroll(_ scroll: ScrollInfo, with event: Event?) { super.scrollWheel(scroll, with: event) }

    open override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) { keysPressed(presses, with: event) }
    func forwardPressesBegan(_ presses: Set<Press>, with event: PressesEvent?) { super.pressesBegan(presses, with: event) }

    open override func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) {
        let rest = pressesNotHandled(presses)
        if !rest.isEmpty { super.pressesEnded(rest, with: event) }
    }

    open override func pressesCancelled(_ presses: Set<Press>, with event: PressesEvent?) {
        let rest = pressesNotHandled(presses)
        if !rest.isEmpty { super.pressesCancelled(rest, with: event) }
    }
}
