/// A view that turns touches into target-action messages (UIKit's `UIControl`).
///
/// Tracking follows UIKit: the first touch is tracked; `isTouchInside` uses the bounds enlarged by
/// `trackingOutset` (70 points, UIKit's tolerance), so a finger may wander a little and still count
/// as inside; moves report drag inside/outside and enter/exit at the enlarged edge; the end reports
/// up inside or outside; a cancel reports `.touchCancel`. A control consumes its touches (they do
/// not forward along `next`), except while disabled, when they pass on up the chain.
///
/// Targets are held weakly. A nil target makes a nil-targeted action: `Application.sendAction`
/// starts it at the first responder (or the key window), not at this control (seed 001 §4).
/// Every action passes through `sendAction(_:to:for:)`; closure handlers (`addAction(for:_:)`,
/// UIKit's `UIAction`) run before the target-actions of the same event.
///
/// Gesture recognizers: as in UIKit since iOS 6, a recognizer on an ancestor that overlaps the
/// control's default action is refused through `gestureRecognizerShouldBegin(_:)`, so a tap
/// recognizer on a container does not take a button's tap (see `defaultActionOverlaps(_:)`).
/// Any other recognizer that recognizes still cancels the control's touch (`.touchCancel`).
@MainActor
open class Control: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    open override class var standardHitTestingClass: View.Type { Control.self }

    /// A disabled control neither tracks touches nor sends actions, and draws dimmed.
    open var isEnabled = true {
        didSet {
            if !isEnabled, isTracking { stopTracking(cancelled: true, event: nil) }
            if oldValue != isEnabled { stateDidChange() }
            setNeedsDisplay()
        }
    }
    /// Whether the control is selected (a segment, a toggled button); part of `state`.
    open var isSelected = false { didSet { if oldValue != isSelected { stateDidChange() }; setNeedsDisplay() } }
    /// Whether a touch is down inside the control (the pressed look); part of `state`.
    open var isHighlighted = false { didSet { if oldValue != isHighlighted { stateDidChange(); setNeedsDisplay() } } }
    /// True while the control follows a touch, from `beginTracking` to `endTracking` or `cancelTracking`.
    public private(set) var isTracking = false
    /// Whether the tracked touch is within the control's bounds grown by the 70-point drag tolerance.
    public private(set) var isTouchInside = false
    /// How far outside the bounds a tracked touch still counts as inside.
    public var trackingOutset: Double = 70

    /// The control's state as flags (`.highlighted`, `.disabled`, `.selected`), as titles and colours are looked up.
    open var state: ControlState {
        var s: ControlState = []
        if isHighlighted { s.insert(.highlighted) }
        if !isEnabled { s.insert(.disabled) }
        if isSelected { s.insert(.selected) }
        return s
    }

    private final class TargetAction {
        weak var target: AnyObject?
        let isNilTargeted: Bool
        let action: Selector
        var events: ControlEvents
        init(target: AnyObject?, action: Selector, events: ControlEvents) {
            self.target = target
            self.isNilTargeted = target == nil
            self.action = action
            self.events = events
        }
    }

    private var targetActions: [TargetAction] = []
    private var closureActions: [(id: ControlActionIdentifier, events: ControlEvents, handler: @MainActor (Control) -> Void)] = []
    private var nextActionIdentifier = 0

    /// How the content (a button's title, a segment's title) sits horizontally in the bounds
    /// (UIKit's `contentHorizontalAlignment`; `Button` honours it in its layout).
    public var contentHorizontalAlignment: ContentHorizontalAlignment = .center {
        didSet { if oldValue != contentHorizontalAlignment { setNeedsLayout(); setNeedsDisplay() } }
    }
    /// How the content sits vertically in the bounds (UIKit's `contentVerticalAlignment`).
    public var contentVerticalAlignment: ContentVerticalAlignment = .center {
        didSet { if oldValue != contentVerticalAlignment { setNeedsLayout(); setNeedsDisplay() } }
    }

    /// How much of its opacity a disabled control's drawing keeps: the concrete controls
    /// (`Switch`, `Slider`, `Stepper`, `SegmentedControl`) draw dimmed to this alpha, as UIKit's
    /// disabled controls look faded against what is behind them.
    public static let disabledAlpha = 0.45
    /// The touch being tracked, held weakly. A touch forwarded from a subview can end where the
    /// control never hears of it (the chain changed under it); a strong reference would then keep
    /// the touch and its window alive and the control tracking forever. The weak reference slows
    /// the retains of that one touch, for the few frames a press lasts.
    private weak var trackedTouch: Touch?

    // MARK: Targets

    /// Sends `action` to `target` (nil: along the responder chain) when any of `events` happens.
    public func addTarget(_ target: AnyObject?, action: Selector, for events: ControlEvents) {
        if let existing = targetActions.first(where: { $0.target === target && $0.isNilTargeted == (target == nil) && $0.action == action }) {
            existing.events.formUnion(events)
            return
        }
        targetActions.append(TargetAction(target: target, action: action, events: events))
    }

    /// Removes matching target-actions (nil target or nil action: all of them).
    public func removeTarget(_ target: AnyObject?, action: Selector?, for events: ControlEvents) {
        for entry in targetActions where (target == nil || entry.target === target) && (action == nil || entry.action == action) {
            entry.events.subtract(events)
        }
        targetActions.removeAll { $0.events.isEmpty || (!$0.isNilTargeted && $0.target == nil) }
    }

    /// Runs `handler` when any of `events` happens (the closure form of UIKit's
    /// `addAction(_: UIAction, for:)`; handlers run before target-actions, in the order added).
    /// Returns an identifier for `removeAction(identifiedBy:for:)`.
    @discardableResult
    public func addAction(for events: ControlEvents, _ handler: @escaping @MainActor (Control) -> Void) -> ControlActionIdentifier {
        nextActionIdentifier += 1
        let id = ControlActionIdentifier(rawValue: nextActionIdentifier)
        closureActions.append((id, events, handler))
        return id
    }

    /// Stops the handler `identifier` names from running for `events` (UIKit's
    /// `removeAction(identifiedBy:for:)`); it is dropped once no event is left.
    public func removeAction(identifiedBy identifier: ControlActionIdentifier, for events: ControlEvents) {
        for i in closureActions.indices where closureActions[i].id == identifier { closureActions[i].events.subtract(events) }
        closureActions.removeAll { $0.events.isEmpty }
    }

    /// The targets still alive, each once (nil-targeted entries are not listed, as in UIKit).
    public var allTargets: [AnyObject] {
        var seen: Set<ObjectIdentifier> = []
        return targetActions.compactMap(\.target).filter { seen.insert(ObjectIdentifier($0)).inserted }
    }
    /// Every event that has at least one target or closure action.
    public var allControlEvents: ControlEvents {
        targetActions.reduce(ControlEvents()) { $0.union($1.events) }.union(closureActions.reduce(ControlEvents()) { $0.union($1.events) })
    }

    /// The selectors sent to `target` (nil: nil-targeted actions) for `event`, or nil when there are none.
    public func actions(forTarget target: AnyObject?, forControlEvent event: ControlEvents) -> [Selector]? {
        let list = targetActions.filter { ($0.target === target || (target == nil && $0.isNilTargeted)) && !$0.events.isDisjoint(with: event) }.map(\.action)
        return list.isEmpty ? nil : list
    }

    /// Sends the actions registered for `events`, in registration order.
    public func sendActions(for events: ControlEvents) {
        sendActions(for: events, event: nil)
    }

    func sendActions(for events: ControlEvents, event: Event?) {
        for (_, registered, handler) in closureActions where !registered.isDisjoint(with: events) { handler(self) }
        for entry in targetActions where !entry.events.isDisjoint(with: events) {
            if !entry.isNilTargeted && entry.target == nil { continue }
            sendAction(entry.action, to: entry.target, for: event)
        }
    }

    /// Hands one action to the application (override to observe or redirect what a control sends).
    open func sendAction(_ action: Selector, to target: AnyObject?, for event: Event?) {
        let app = window?.application ?? Application.shared
        app.sendAction(action, to: target, from: self, for: event)
    }

    /// Called after `isEnabled`, `isSelected` or `isHighlighted` changed (so `state` did), before
    /// the control is redrawn: subclasses update their look here (`Button` its title and colour).
    /// The default does nothing.
    open func stateDidChange() {}

    // MARK: Gesture recognizers (UIKit's iOS 6 rule)

    /// A recognizer on an ancestor that would take this control's own default action (a single
    /// tap on a button, a horizontal drag of a slider's thumb) may not begin: the control wins,
    /// as UIKit's "default control actions prevent overlapping gesture recognizer behavior".
    /// Recognizers on the control itself, and any recognizer while the control is disabled, are
    /// let through. Subclasses say what overlaps in `defaultActionOverlaps(_:)`.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        guard isEnabled, let owner = gestureRecognizer.view, owner !== self, isDescendant(of: owner) else { return true }
        return !defaultActionOverlaps(gestureRecognizer)
    }

    /// Whether `gestureRecognizer` (on an ancestor) overlaps this control's default action. The
    /// base control claims nothing; `Button`, `Switch`, `Stepper` and `SegmentedControl` claim
    /// single-finger single taps, `Slider` and `Switch` horizontal drags of the thumb.
    open func defaultActionOverlaps(_ gestureRecognizer: GestureRecognizer) -> Bool { false }

    /// A one-finger, one-tap `TapGestureRecognizer`: what overlaps a push control's action.
    public static func isSingleTap(_ gestureRecognizer: GestureRecognizer) -> Bool {
        guard let tap = gestureRecognizer as? TapGestureRecognizer else { return false }
        return tap.numberOfTapsRequired == 1 && tap.numberOfTouchesRequired == 1
    }

    /// A one-finger pan moving more horizontally than vertically, or a one-finger swipe left or
    /// right: what overlaps dragging a thumb along a horizontal track.
    public static func isHorizontalDrag(_ gestureRecognizer: GestureRecognizer) -> Bool {
        if let swipe = gestureRecognizer as? SwipeGestureRecognizer {
            return swipe.numberOfTouchesRequired == 1 && !swipe.direction.isDisjoint(with: [.left, .right])
        }
        if let pan = gestureRecognizer as? PanGestureRecognizer, pan.numberOfTouches <= 1 {
            let t = pan.translation(in: nil)
            return abs(t.x) >= abs(t.y)
        }
        return false
    }

    // MARK: Tracking hooks (UIKit's)

    /// Called when a touch begins in the control; return false to not track it. The default tracks.
    open func beginTracking(_ touch: Touch, with event: Event?) -> Bool { true }
    /// Called as the tracked touch moves; return false to stop tracking. The default continues.
    open func continueTracking(_ touch: Touch, with event: Event?) -> Bool { true }
    /// Called when the tracked touch ends (`touch` is nil when tracking ended without one).
    open func endTracking(_ touch: Touch?, with event: Event?) {}
    /// Called when tracking is cancelled (the touch was cancelled or taken by a recognizer).
    open func cancelTracking(with event: Event?) {}

    private func isInsideTolerance(_ touch: Touch) -> Bool {
        bounds.insetBy(dx: -trackingOutset, dy: -trackingOutset).contains(touch.location(in: self))
    }

    // MARK: Touches

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        guard isEnabled else { return super.touchesBegan(touches, with: event) }
        if let stale = trackedTouch, stale.isFinishing { trackedTouch = nil }
        if trackedTouch == nil, isTracking || isHighlighted {
            // The tracked touch finished without reaching this control: its tracking is over.
            stopTracking(cancelled: true, event: event)
        }
        guard trackedTouch == nil, let touch = touches.first(where: { $0.view === self }) ?? touches.first else { return }
        trackedTouch = touch
        isTouchInside = true
        isHighlighted = true
        isTracking = beginTracking(touch, with: event)
        var events: ControlEvents = .touchDown
        if touch.tapCount > 1 { events.insert(.touchDownRepeat) }
        sendActions(for: events, event: event)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard isEnabled else { return super.touchesMoved(touches, with: event) }
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        let inside = isInsideTolerance(touch)
        let wasInside = isTouchInside
        isTouchInside = inside
        isHighlighted = inside
        if isTracking { isTracking = continueTracking(touch, with: event) }
        var events: ControlEvents = inside ? .touchDragInside : .touchDragOutside
        if inside != wasInside { events.insert(inside ? .touchDragEnter : .touchDragExit) }
        sendActions(for: events, event: event)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        guard isEnabled else { return super.touchesEnded(touches, with: event) }
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        isTouchInside = isInsideTolerance(touch)
        let inside = isTouchInside
        stopTracking(cancelled: false, event: event)
        sendActions(for: inside ? touchUpInsideEvents : .touchUpOutside, event: event)
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = trackedTouch, touches.contains(touch) else {
            if !isEnabled { super.touchesCancelled(touches, with: event) }
            return
        }
        stopTracking(cancelled: true, event: event)
        sendActions(for: .touchCancel, event: event)
    }

    /// What a touch lifted inside sends; `Button` adds `.primaryActionTriggered`.
    open var touchUpInsideEvents: ControlEvents { .touchUpInside }

    private func stopTracking(cancelled: Bool, event: Event?) {
        let touch = trackedTouch
        trackedTouch = nil
        isHighlighted = false
        if isTracking {
            isTracking = false
            if cancelled { cancelTracking(with: event) } else { endTracking(touch, with: event) }
        }
        if cancelled { isTouchInside = false }
    }
}

/// Names a handler added with `Control.addAction(for:_:)` (UIKit's `UIAction.Identifier`).
public struct ControlActionIdentifier: Hashable, Sendable {
    /// A unique number per added closure action.
    public let rawValue: Int
}

/// UIKit's `UIControl.ContentHorizontalAlignment` (leading/trailing are left/right: no
/// right-to-left layout here).
public enum ContentHorizontalAlignment: Sendable, Hashable {
    /// Where content sits horizontally: centred, at the left or right edge, stretched to fill, or at the leading or trailing edge (left and right: layout is left to right).
    case center, left, right, fill, leading, trailing
}

/// UIKit's `UIControl.ContentVerticalAlignment`.
public enum ContentVerticalAlignment: Sendable, Hashable {
    /// Where content sits vertically: centred, at the top or bottom edge, or stretched to fill.
    case center, top, bottom, fill
}
