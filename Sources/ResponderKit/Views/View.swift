/// A rectangle on screen that draws and responds to touches (UIKit's `UIView`).
///
/// Geometry follows UIKit: `bounds` (whose origin shifts the content, as a scroll view does),
/// `center` and `transform` position the view in its superview, and `frame` is derived from them.
/// Internally the untransformed frame origin is stored, so setting and reading `frame` round-trips
/// exactly and hit testing agrees to the last bit with a plain `p - origin` walk.
@MainActor
open class View: Responder {
    // MARK: Stored state
    // Only the flags every hit test reads (`hitFlags`) skip Swift's dynamic exclusivity check; the
    // other fields showed no difference and keep it.

    /// Top-left of the untransformed frame in the superview (`center - bounds.size / 2`).
    var frameOrigin: Point
    var boundsStorage: Rect
    var transformStorage: AffineTransform = .identity
    /// Cached inverse of `transformStorage`, kept in step by the `transform` setter.
    var inverseTransform: AffineTransform = .identity

    /// The view this one is a subview of. Held without a reference count (the parent owns its
    /// subviews; a parent going away detaches them in its deinit), which keeps parents free of the
    /// weak-reference side table that would slow every retain of them down.
    public var superview: View? {
        assert(LiveObjects.isLive(superviewStorage), "superview was freed while still referenced")
        return superviewStorage
    }
    /// Invariant (unowned(unsafe)): nil, or the live view whose `subviews` holds this one. Set only
    /// by `insertSubview`, cleared by `removeFromSuperview` and by the parent's deinit, so it never
    /// outlives the parent. Checked by `superview` in debug builds (`LiveObjects`).
    unowned(unsafe) var superviewStorage: View?
    /// Back to front: the last subview is drawn on top and hit first.
    public internal(set) var subviews: [View] = []
    /// Set while the view is in a window (the window clears it if it goes first).
    /// Invariant (unowned(unsafe)): nil, or the live window whose tree holds this view; kept by
    /// `propagateWindow` on every move and cleared over the whole tree by the window's deinit.
    /// Checked by `window` in debug builds.
    unowned(unsafe) var windowStorage: Window?
    /// The controller whose root view this is, if any.
    weak var owningViewController: ViewController?

    /// The flags every hit test reads (`isHitTestable`), in one value so that one field skips
    /// Swift's dynamic exclusivity check for all of them: measured with `hitbench --fast-only`
    /// under cachegrind, each check added ~85–90 instructions per hit (the hit itself is ~150).
    struct HitFlags {
        var isHidden = false
        var alpha: Double = 1
        var isUserInteractionEnabled = true
        /// See `animationBlocksInteraction`.
        var animationBlocksInteraction = false
    }
    /// Invariant (the unchecked exclusivity below): touched only on the main actor (the class is
    /// `@MainActor`; `HitSpace.query` asserts it in debug builds) and never accessed overlappingly
    /// — internal, reached through the public properties' plain getters and setters (their
    /// observers run after the store, outside any access), never passed `inout`.
    @exclusivity(unchecked) var hitFlags = HitFlags()

    /// A hidden view is not drawn and is never hit, nor is anything inside it.
    public var isHidden: Bool {
        get { hitFlags.isHidden }
        set {
            let oldValue = hitFlags.isHidden
            if newValue != oldValue { damageDrawnArea() }
            hitFlags.isHidden = newValue
            // A collapse in a stack view keeps drawing only if an animation block asks again.
            if newValue != oldValue { animationState?.drawsWhileHidden = false }
            guard oldValue != newValue else { return }
            hitGeometryChanged()
            damageDrawnArea()
            // A window shown goes in front of the shown windows of its level, as UIKit orders it.
            if !newValue, isIndexRoot, let window = self as? Window { window.orderFront() }
        }
    }
    /// Opacity from 0 to 1; a view below 0.01 is never hit, as in UIKit.
    public var alpha: Double {
        get { hitFlags.alpha }
        set {
            let oldValue = hitFlags.alpha
            if newValue != oldValue { animatableWillChange(.alpha) }
            hitFlags.alpha = newValue
            guard oldValue != newValue else { return }
            if (oldValue >= 0.01) != (newValue >= 0.01) { hitGeometryChanged() }
            damageDrawnArea(evenIfHidden: true)
        }
    }
    /// When false the view and its subviews get no touches (the hit test passes them by).
    public var isUserInteractionEnabled: Bool {
        get { hitFlags.isUserInteractionEnabled }
        set {
            let oldValue = hitFlags.isUserInteractionEnabled
            hitFlags.isUserInteractionEnabled = newValue
            if oldValue != newValue { hitGeometryChanged() }
        }
    }
    /// Clips drawing only; hit testing already ignores everything outside a view's bounds.
    public var clipsToBounds: Bool = false {
        willSet { if newValue != clipsToBounds { damageDrawnArea() } }
        didSet { if oldValue != clipsToBounds { invalidateDrawingExtent(); damageDrawnArea() } }
    }
    /// When false the view receives only the first of several simultaneous touches.
    public var isMultipleTouchEnabled: Bool = false
    /// When true, a touch in this view blocks touches to other views of the window, and it gets no
    /// touch while other views of the window are being touched.
    public var isExclusiveTouch: Bool = false
    /// A number the app chooses, found with `viewWithTag(_:)`.
    public var tag: Int = 0
    /// The colour the view's bounds are filled with before `draw(_:)`; nil draws nothing.
    public var backgroundColor: Color? {
        willSet { if newValue != backgroundColor { animatableWillChange(.backgroundColor) } }
        didSet { setNeedsDisplay() }
    }

    /// The recognizers attached to this view, in the order they were added; nil when none.
    /// Setting it (UIKit's) detaches those left out and attaches the new ones — taking each from a
    /// view it was on — as `removeGestureRecognizer`/`addGestureRecognizer` would; a recognizer
    /// listed twice is kept once.
    public var gestureRecognizers: [GestureRecognizer]? {
        didSet { recognizersChanged(from: oldValue) }
    }

    // MARK: Hit-testing index state (see HitSpace)

    /// The index space this view is an entry of, and its entry id there.
    var hitSpace: HitSpace?
    var hitEntry: Int32 = -1
    /// The space this view roots (windows, scroll containers, views that hit-test their own way).
    var ownSpace: HitSpace? { didSet { ownSpaceState = ownSpace?.state } }
    /// `ownSpace`'s query state, read by `hitTest` without touching the object.
    var ownSpaceState: UnsafeMutablePointer<HitSpace.State>?
    /// Its bounds origin changed at least once: it roots a space so scrolling is free.
    var isScrollContainer = false
    /// Builds a space for itself at its first hit test (windows).
    var isIndexRoot = false

    /// Set by `setNeedsLayout()` (and for every new view), cleared when `layoutIfNeeded()` runs
    /// `layoutSubviews()`.
    public internal(set) var needsLayout = true
    /// Some view in this subtree (maybe this one) needs layout: the layout pass skips the rest.
    var subtreeNeedsLayout = true
    /// Set once `layer` was asked for.
    var layerStorage: Layer?
    /// `drawingExtent`'s cache. Invariant: when a view's cache is valid, so are those of the
    /// subviews it was computed from (the visible ones, unless it clips), so an invalidation
    /// walking up from a changed view's superview can stop at the first view without a cache.
    var drawingExtentStorage: Rect = .null
    var drawingExtentIsValid = false
    /// The part of the bounds to redraw; `Rect.null` when nothing is pending.
    public internal(set) var dirtyRect: Rect = .null

    // MARK: Animation state (see Animation/)

    /// Tracks in flight and their drawn values; nil while the view does not animate.
    var animationState: ViewAnimationState?
    /// An animation without `.allowUserInteraction` runs (or, on a window, a modal transition):
    /// hit testing skips the view and its subtree, as for `isUserInteractionEnabled = false`
    /// (kept in step by the `Animator` and by `Window.modalTransitionBegan()`/`…Ended()`).
    var animationBlocksInteraction = false
    /// Set on a window while a modal presentation or dismissal animates in it: the window then
    /// keeps `animationBlocksInteraction` set whatever its own animations do, so no touch that
    /// begins during the transition reaches anything (`Window.modalTransitionBegan()`).
    var transitionBlocksInteraction = false
    /// Auto Layout state (constraints, guides, priorities); nil until the view uses any of it.
    var layoutState: ViewLayoutState?
    /// Tint and appearance overrides (View+Appearance); nil until the view or its controller sets one.
    var appearanceState: ViewAppearanceState?
    /// What the app set of the accessibility properties (Accessibility/ViewAccessibilityState);
    /// nil until it sets one, so views the screen reader never asks about cost one pointer.
    var accessibilityState: ViewAccessibilityState?

    // MARK: Construction

    /// Makes a view with `frame` in its future superview's coordinates.
    public init(frame: Rect) {
        self.frameOrigin = frame.standardized.origin
        self.boundsStorage = Rect(origin: .zero, size: frame.standardized.size)
        super.init()
        dirtyRect = boundsStorage
        LiveObjects.born(self)
    }

    /// Makes a view with a zero frame.
    public convenience override init() { self.init(frame: .zero) }

    isolated deinit {
        for subview in subviews where subview.superviewStorage === self { subview.superviewStorage = nil }
        // Members of this view's space must not keep reaching it (its `root` would dangle): the
        // whole subtree is still alive here, retained through `subviews`.
        discardOwnSpace()
        LiveObjects.died(self)
    }

    // MARK: Chain

    /// Its view controller when this is a controller's root view, else its superview.
    open override var next: Responder? {
        if let controller = owningViewController { return controller }
        return superview
    }

    open override var firstResponderWindow: Window? { window }

    /// The window this view is in (nil when not in a window).
    open var window: Window? {
        assert(LiveObjects.isLive(windowStorage), "window was freed while a view still referred to it")
        return windowStorage
    }

    // MARK: Gesture recognizers

    /// Attaches `recognizer`: it sees touches on this view and its subviews before they do.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard !(gestureRecognizers?.contains { $0 === recognizer } ?? false) else { return }
        gestureRecognizers = (gestureRecognizers ?? []) + [recognizer]
    }

    /// Detaches `recognizer`, which forgets its touches.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard var list = gestureRecognizers, let index = list.firstIndex(where: { $0 === recognizer }) else { return }
        list.remove(at: index)
        gestureRecognizers = list.isEmpty ? nil : list
    }

    /// Keeps each recognizer's `view` in step with the list: the ones that left forget their
    /// touches, the new ones leave the view they were on.
    private func recognizersChanged(from old: [GestureRecognizer]?) {
        var list: [GestureRecognizer] = []
        for recognizer in gestureRecognizers ?? [] where !list.contains(where: { $0 === recognizer }) { list.append(recognizer) }
        if list.count != gestureRecognizers?.count ?? 0 || (list.isEmpty && gestureRecognizers != nil) {
            gestureRecognizers = list.isEmpty ? nil : list  // inside didSet: no second observer call
        }
        for recognizer in old ?? [] where recognizer.view === self && !list.contains(where: { $0 === recognizer }) {
            recognizer.view = nil
            recognizer.detachedFromView()
        }
        for recognizer in list where recognizer.view !== self {
            if let owner = recognizer.view { owner.removeGestureRecognizer(recognizer) }
            recognizer.view = self
        }
    }

    /// Whether `gestureRecognizer` may begin (or recognize) on touches that involve this view
    /// (UIKit's `UIView.gestureRecognizerShouldBegin(_:)`). The arena asks the recognizer's own
    /// view and every view from each of its touches' hit views up to it, before the delegate; one
    /// false fails the recognizer. The default is true; `Control` answers false for an ancestor's
    /// recognizer that overlaps the control's own default action (a single tap on a button).
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }

    // MARK: Layout and display (see View+Display.swift)

    /// Override to position subviews; the default does nothing. Runs once before the view is
    /// first shown, after `setNeedsLayout()`, when its bounds size changes and when a subview is
    /// added, during the window's layout pass (`layoutIfNeeded()`), parents before children.
    open func layoutSubviews() {}

    /// Override to add or change constraints (UIKit's); the layout pass calls it, before solving,
    /// for the views that asked with `setNeedsUpdateConstraints()`. The default does nothing.
    open func updateConstraints() {}

    /// Override to draw the view's content into `GraphicsContext.current`. `rect` is the part of
    /// the bounds being repainted. The renderer has already filled `backgroundColor` (rounded by
    /// `layer.cornerRadius`); the border is drawn over the content and the subviews afterwards.
    /// The default draws nothing.
    open func draw(_ rect: Rect) {}

    /// The size that best fits `size` (UIKit's `sizeThatFits(_:)`); the default is the current size.
    open func sizeThatFits(_ size: Size) -> Size { bounds.size }

    /// The size the content wants on its own (UIKit's `intrinsicContentSize`); `noIntrinsicMetric`
    /// (-1) for a dimension that has none, as in UIKit.
    open var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) }

    /// `intrinsicContentSize`'s value for an axis without a natural size.
    public static let noIntrinsicMetric: Double = -1

    /// Resizes the view to `sizeThatFits` its current size, keeping its origin.
    public func sizeToFit() {
        let fitted = sizeThatFits(bounds.size)
        frame = Rect(origin: frame.origin, size: fitted)
    }

    /// Drawing properties (corner radius, border), created on first use.
    public var layer: Layer {
        if let layerStorage { return layerStorage }
        let created = Layer(view: self)
        layerStorage = created
        return created
    }

    // MARK: Appearance callbacks (UIKit's names; see View+Appearance)

    /// Called when the tint this view draws with (`tintColor`) changed: its own was set, or it
    /// inherits one and an ancestor's changed or it moved under another. The default does
    /// nothing; views that draw with the tint redraw here.
    open func tintColorDidChange() {}

    /// Called when `traitCollection` changed (an `overrideUserInterfaceStyle` on the view, an
    /// ancestor or their controllers, a move to another tree, the scene's style), after the view
    /// was marked for redisplay. The default does nothing.
    open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {}

    // MARK: Hierarchy callbacks (UIKit's names)

    /// Called before the view moves to another superview (nil: removed).
    open func willMove(toSuperview newSuperview: View?) {}
    /// Called after the view moved to another superview.
    open func didMoveToSuperview() {}
    /// Called before the view moves to another window (nil: removed from its window).
    open func willMove(toWindow newWindow: Window?) {}
    /// Called after the view moved to another window.
    open func didMoveToWindow() {}
    /// Called after a subview was added.
    open func didAddSubview(_ subview: View) {}
    /// Called before a subview is removed.
    open func willRemoveSubview(_ subview: View) {}

    // MARK: Editing

    /// Makes the first responder inside this view's subtree resign. With `force`, it resigns even if
    /// it would refuse. Returns true when no first responder remains in the subtree.
    @discardableResult
    public func endEditing(_ force: Bool) -> Bool {
        guard let window, let current = window.firstResponder else { return true }
        let owner: View?
        if let view = current as? View { owner = view } else if let vc = current as? ViewController { owner = vc.viewIfLoaded } else { owner = nil }
        guard let owner, owner.isDescendant(of: self) else { return true }
        if force {
            _ = current.resignFirstResponder()
            if window.firstResponder === current { window.setFirstResponder(nil) }
            return true
        }
        return current.resignFirstResponder()
    }

    // MARK: Tags

    /// Self or the first descendant (depth first, back to front) with `tag`.
    public func viewWithTag(_ tag: Int) -> View? {
        if self.tag == tag { return self }
        for subview in subviews { if let match = subview.viewWithTag(tag) { return match } }
        return nil
    }

    /// Whether `view` is self or one of self's ancestors.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let v = current {
            if v === view { return true }
            current = v.superview
        }
        return false
    }

    // MARK: Hit testing (overridable, UIKit's)

    /// The farthest descendant of this view (or the view itself) that contains `point`, which is
    /// in this view's coordinates; nil when the view is skipped. UIKit's rule: skip the view and
    /// its subtree when hidden, alpha < 0.01, interaction disabled or `point(inside:with:)` is
    /// false; else try subviews front to back; else the view itself. Windows, scroll containers and
    /// views that hit-test their own way answer through their index space (`HitSpace`), which gives
    /// exactly the same view as the recursion (`referenceHitTest`) without visiting the views the
    /// point cannot hit. Override to redirect hits; an override is always honoured unless its
    /// class wrongly declares `standardHitTestingClass`.
    /// - Complexity: O(k) with an index (k: entries scanned in one grid cell), else O(n) in the
    ///   subtree's views. No allocation.
    open func hitTest(_ point: Point, with event: Event?) -> View? {
        guard isHitTestable, self.point(inside: point, with: event) else { return nil }
        if HitIndex.bypass == 0, HitIndex.isEnabled, point.x.isFinite, point.y.isFinite {
            if let space = ownSpaceState { return HitSpace.query(space, point, with: event)?.takeUnretainedValue() ?? self }
            if isIndexRoot {
                makeOwnSpace()
                return HitSpace.query(ownSpaceState!, point, with: event)?.takeUnretainedValue() ?? self
            }
        }
        return recursiveSubviewHit(point, with: event) ?? self
    }

    /// The class that declares UIKit's standard hit-testing rule: when a class's value here is
    /// the class itself, neither it nor any superclass overrides `hitTest(_:with:)` or
    /// `point(inside:with:)`, and the window's hit-testing index answers for its instances from
    /// their frames and flags alone, without calling those methods (the fast path).
    ///
    /// A class declares itself by overriding this property to return its own type, written by
    /// name:
    /// ```swift
    /// final class Tile: View {
    ///     override class var standardHitTestingClass: View.Type { Tile.self }
    /// }
    /// ```
    /// A subclass that does not redeclare inherits its parent's answer, which names the parent, so
    /// it is not standard: its instances are asked through their own `hitTest` (a space of the
    /// index of their own), which is always correct and only slower. Declaring is a promise:
    /// - never declare in a class that overrides `hitTest` or `point(inside:)`, or whose
    ///   superclass does (the index would skip the override);
    /// - never return `Self.self` or `self` (every undeclared subclass would then claim it too,
    ///   its overrides included).
    ///
    /// `View` declares itself, and so does every framework class that keeps the standard rule.
    /// The answer is read once per class and cached (see <doc:HitTestingPerformance>).
    /// - Complexity: O(1).
    open class var standardHitTestingClass: View.Type { View.self }

    /// Whether `point` (in this view's coordinates) is inside the view; by default its bounds,
    /// half-open. Override to enlarge or shrink the touch area.
    /// - Complexity: O(1).
    open func point(inside point: Point, with event: Event?) -> Bool {
        boundsStorage.contains(point)
    }

    // MARK: Accessibility (UIKit's informal protocol; defaults in Accessibility/View+Accessibility)

    /// Whether the screen reader treats this view as one element (it does not look inside it).
    /// By default false, except the controls and labels that say otherwise, as in UIKit.
    open var isAccessibilityElement: Bool {
        get { accessibilityState?.isElement ?? typeDefaultIsAccessibilityElement }
        set { accessibilityStorage.isElement = newValue }
    }
    /// What the element is, spoken first ("Next"). Labels and buttons default to their text.
    open var accessibilityLabel: String? {
        get { accessibilityState?.label ?? typeDefaultAccessibilityLabel }
        set { accessibilityStorage.label = newValue }
    }
    /// Its current value ("50%", a text field's text), spoken after the label.
    open var accessibilityValue: String? {
        get { accessibilityState?.value ?? typeDefaultAccessibilityValue }
        set { accessibilityStorage.value = newValue }
    }
    /// What activating it does, spoken after a pause on the element ("Opens the message").
    open var accessibilityHint: String? {
        get { accessibilityState?.hint ?? nil }
        set { accessibilityStorage.hint = newValue }
    }
    /// What it is and how it behaves (button, adjustable, selected…).
    open var accessibilityTraits: AccessibilityTraits {
        get { accessibilityState?.traits ?? typeDefaultAccessibilityTraits }
        set { accessibilityStorage.traits = newValue }
    }
    /// Its frame in screen coordinates, where the focus ring is drawn and a finger finds it; by
    /// default the view's bounds on the screen.
    open var accessibilityFrame: Rect {
        get { accessibilityState?.frame ?? screenFrame }
        set { accessibilityStorage.frame = newValue }
    }
    /// Where the screen reader's double-tap lands, in screen coordinates; by default the middle of
    /// `accessibilityFrame`.
    open var accessibilityActivationPoint: Point {
        get {
            if let point = accessibilityState?.activationPoint { return point }
            let frame = accessibilityFrame
            return Point(x: frame.midX, y: frame.midY)
        }
        set { accessibilityStorage.activationPoint = newValue }
    }
    /// The BCP 47 language its label is spoken in; nil speaks it in the app's language.
    open var accessibilityLanguage: String? {
        get { accessibilityState?.language ?? nil }
        set { accessibilityStorage.language = newValue }
    }
    /// The elements inside this container, in reading order, instead of its subviews (views or
    /// `AccessibilityElement`s). Nil reads the subviews by their frames.
    open var accessibilityElements: [Any]? {
        get { accessibilityState?.elements ?? typeDefaultAccessibilityElements }
        set { accessibilityStorage.elements = newValue }
    }
    /// Extra actions the reader offers besides activation. A table cell's default is its row's
    /// trailing swipe actions while they are hidden (UIKit's: a swipe the reader cannot make).
    open var accessibilityCustomActions: [AccessibilityCustomAction]? {
        get { accessibilityState?.customActions ?? typeDefaultAccessibilityCustomActions }
        set { accessibilityStorage.customActions = newValue }
    }
    /// Hides this view and everything in it from the screen reader.
    open var accessibilityElementsHidden: Bool {
        get { accessibilityState?.elementsHidden ?? false }
        set { accessibilityStorage.elementsHidden = newValue }
    }
    /// While shown, the reader ignores this view's siblings (and theirs up to the window): an alert,
    /// a presented controller's view (true by default there).
    open var accessibilityViewIsModal: Bool {
        get { accessibilityState?.viewIsModal ?? isPresentedControllerView }
        set { accessibilityStorage.viewIsModal = newValue }
    }
    /// Keeps this container's elements together in reading order, read before or after the
    /// elements around it as one block.
    open var shouldGroupAccessibilityChildren: Bool {
        get { accessibilityState?.groupsChildren ?? false }
        set { accessibilityStorage.groupsChildren = newValue }
    }
    /// The reader's double-tap: return true when the view acted itself; false (the default for
    /// views; controls act for themselves where UIKit's do) makes the reader tap its activation
    /// point through the normal routing.
    open func accessibilityActivate() -> Bool { typeDefaultAccessibilityActivate() }
    /// Swipe up on an adjustable element: a bigger value (a slider by 10%).
    open func accessibilityIncrement() { typeDefaultAccessibilityIncrement() }
    /// Swipe down on an adjustable element: a smaller value.
    open func accessibilityDecrement() { typeDefaultAccessibilityDecrement() }
    /// The reader's three-finger swipe: scroll a page and return true (scroll views do, and post
    /// `.pageScrolled`); false lets the reader ask the next container up.
    open func accessibilityScroll(_ direction: AccessibilityScrollDirection) -> Bool {
        typeDefaultAccessibilityScroll(direction)
    }
}

extension View {
    /// Whether keys may reach this view in `window`: it is in that window, and it and every
    /// ancestor below the window are shown (not hidden, alpha ≥ 0.01) and take user interaction.
    /// (The window's own visibility is not asked: keys reach only the key window anyway.)
    /// - Complexity: O(depth).
    func canTakeKeys(in window: Window) -> Bool {
        guard self.window === window else { return false }
        var current: View? = self
        while let view = current, view !== window {
            if view.isHidden || view.alpha < 0.01 || !view.isUserInteractionEnabled { return false }
            current = view.superview
        }
        return true
    }
}
