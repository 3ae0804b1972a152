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
/// Target-actions pass through `sendAction(_:to:for:)`, `Action`s through `sendAction(_:)`.
/// As in UIKit, one table holds the target-actions, the actions (`addAction(_:for:)`) and the
/// closure handlers (`addAction(for:_:)`): for an event they run in the order they were added.
/// A lift inside a button sends `.touchUpInside` to everything registered for it first, then
/// `.primaryActionTriggered` (UIKit's second pass), so a primary action runs after the
/// touch-up-inside handlers.
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

    /// One row of the dispatch table: a target-action, a closure handler or an `Action`.
    private enum Entry {
        case target(TargetAction)
        case closure(ControlActionIdentifier, ControlEvents, @MainActor (Control) -> Void)
        case action(Action, ControlEvents)

        var events: ControlEvents {
            switch self {
            case let .target(entry): return entry.events
            case let .closure(_, events, _), let .action(_, events): return events
            }
        }
    }

    /// The dispatch table, in the order entries were added.
    private var entries: [Entry] = []
    private var targetActions: [TargetAction] {
        entries.compactMap { if case let .target(entry) = $0 { return entry } else { return nil } }
    }
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
        entries.append(.target(TargetAction(target: target, action: action, events: events)))
    }

    /// Removes matching target-actions (nil target or nil action: all of them).
    public func removeTarget(_ target: AnyObject?, action: Selector?, for events: ControlEvents) {
        for entry in targetActions where (target == nil || entry.target === target) && (action == nil || entry.action == action) {
            entry.events.subtract(events)
        }
        entries.removeAll {
            guard case let .target(entry) = $0 else { return false }
            return entry.events.isEmpty || (!entry.isNilTargeted && entry.target == nil)
        }
    }

    /// Runs `handler` with the control when any of `events` happens (a shorthand of
    /// `addAction(_:for:)` without an `Action`); it runs in the order added among the control's
    /// actions and targets. Returns an identifier for `removeAction(identifiedBy:for:)`.
    @discardableResult
    public func addAction(for events: ControlEvents, _ handler: @escaping @MainActor (Control) -> Void) -> ControlActionIdentifier {
        nextActionIdentifier += 1
        let id = ControlActionIdentifier(rawValue: nextActionIdentifier)
        entries.append(.closure(id, events, handler))
        return id
    }

    /// Stops the handler `identifier` names from running for `events`; it is dropped once no
    /// event is left.
    public func removeAction(identifiedBy identifier: ControlActionIdentifier, for events: ControlEvents) {
        for i in entries.indices {
            if case let .closure(id, registered, handler) = entries[i], id == identifier {
                entries[i] = .closure(id, registered.subtracting(events), handler)
            }
        }
        entries.removeAll { $0.events.isEmpty }
    }

    /// Runs `action` when any of `events` happens (UIKit's `addAction(_:for:)`), with this
    /// control as its `sender`, through `sendAction(_:)`. An action with the identifier of one
    /// already added replaces it: the old entry leaves the table and the new one, for both
    /// entries' events, goes to its end (UIKit). Empty `events` adds nothing (UIKit asserts).
    public func addAction(_ action: Action, for events: ControlEvents) {
        guard !events.isEmpty else {
            ResponderDiagnostics.report(.control("addAction: action '\(action.title)' with no control event; not added"))
            return
        }
        var merged = events
        entries.removeAll {
            guard case let .action(existing, registered) = $0, existing.identifier == action.identifier else { return false }
            merged.formUnion(registered)
            return true
        }
        entries.append(.action(action, merged))
    }

    /// Stops `action` (any action with its identifier) from running for `events` (UIKit's
    /// `removeAction(_:for:)`); it leaves the table once no event is left.
    public func removeAction(_ action: Action, for events: ControlEvents) {
        removeAction(identifiedBy: action.identifier, for: events)
    }

    /// Stops the action with `identifier` from running for `events` (UIKit's
    /// `removeAction(identifiedBy:for:)`).
    public func removeAction(identifiedBy identifier: Action.Identifier, for events: ControlEvents) {
        for i in entries.indices {
            if case let .action(action, registered) = entries[i], action.identifier == identifier {
                entries[i] = .action(action, registered.subtracting(events))
            }
        }
        entries.removeAll { $0.events.isEmpty }
    }

    /// Calls `body` with each `Action` added and its events, in the table's order (UIKit's
    /// `enumerateEventHandlers(_:)`, for actions).
    public func enumerateActions(_ body: (Action, ControlEvents) -> Void) {
        for case let .action(action, events) in entries { body(action, events) }
    }

    /// Runs `action` with this control as sender (UIKit's `sendAction(_: UIAction)`): every
    /// action a control runs passes through here; override to observe (call super).
    open func sendAction(_ action: Action) {
        action.perform(sender: self)
    }

    /// The targets still alive, each once (nil-targeted entries are not listed, as in UIKit).
    public var allTargets: [AnyObject] {
        var seen: Set<ObjectIdentifier> = []
        return targetActions.compactMap(\.target).filter { seen.insert(ObjectIdentifier($0)).inserted }
    }
    /// Every event that has at least one target or closure action.
    public var allControlEvents: ControlEvents {
        entries.reduce(ControlEvents()) { $0.union($1.events) }
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

    /// One pass over the table (a copy: handlers may add or remove entries) for `events`.
    func sendActions(for events: ControlEvents, event: Event?) {
        let table = entries
        for entry in table where !entry.events.isDisjoint(with: events) {
            switch entry {
            case let .target(target):
                if !target.isNilTargeted && target.target == nil { continue }
                sendAction(target.action, to: target.target, for: event)
            case let .closure(_, _, handler): handler(self)
            case let .action(action, _): sendAction(action)
            }
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
        guard inside else { return sendActions(for: .touchUpOutside, event: event) }
        // UIKit's two passes: the touch-up-inside events, then the primary action.
        let events = touchUpInsideEvents
        sendActions(for: events.subtracting(.primaryActionTriggered), event: event)
        if events.contains(.primaryActionTriggered) { primaryActionTriggered(event: event) }
    }

    /// Sends `.primaryActionTriggered` (a button's lift inside); `Button` shows its menu here
    /// instead when `showsMenuAsPrimaryAction` is set.
    func primaryActionTriggered(event: Event?) {
        sendActions(for: .primaryActionTriggered, event: event)
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
