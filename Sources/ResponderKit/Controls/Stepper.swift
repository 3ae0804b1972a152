/// A pair of − and + buttons that step a value (UIKit's `UIStepper`), 94×32 like UIKit's.
///
/// A touch going down on a half steps at once (in `beginTracking`, so, as in UIKit, its
/// `.valueChanged` comes before `.touchDown`). With `autorepeat` (the default) a held half keeps
/// stepping on the application's timers (`Application.timers`, so tests drive it with
/// `InputDriver.advance(by:)`): the first repeat `autorepeatDelay` (0.5 s) after the touch went
/// down, then every `autorepeatInterval` (0.1 s), and after `autorepeatAccelerationCount` (10)
/// repeats every `autorepeatFastInterval` (0.05 s). Repeating pauses while the finger is off the
/// half it pressed and starts again (after the delay) when it comes back; it stops at a limit
/// unless `wraps`. With `isContinuous` (the default) every step sends `.valueChanged` then
/// `.primaryActionTriggered`; without, the two are sent once when the touch ends or is
/// cancelled, if the value changed.
///
/// At `minimumValue` the − half is disabled (drawn grey, touches on it do nothing), at
/// `maximumValue` the + half; with `wraps` neither is, and stepping past one end goes to the
/// other. Drawn in `draw(_:)`: a light grey rounded background, a separator, the pressed half
/// darker, a disabled stepper at `Control.disabledAlpha`.
@MainActor
open class Stepper: Control {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    open override class var standardHitTestingClass: View.Type { Stepper.self }

    /// The size a stepper draws at (UIKit's 94 × 32).
    public static let defaultSize = Size(width: 94, height: 32)
    /// Seconds a held half waits before it repeats.
    public static let autorepeatDelay = 0.5
    /// Seconds between repeats at first.
    public static let autorepeatInterval = 0.1
    /// Repeats before the interval drops to `autorepeatFastInterval`.
    public static let autorepeatAccelerationCount = 10
    /// Seconds between repeats once accelerated.
    public static let autorepeatFastInterval = 0.05
    /// The background: UIKit's `tertiarySystemFill` over white in light appearance (opaque 238,
    /// 238, 239), `tertiarySystemFill` in dark.
    public static let backgroundFill = Color(light: Color(red: 238.0 / 255, green: 238.0 / 255, blue: 239.0 / 255), dark: .tertiarySystemFill)
    /// A pressed half (`systemGray4` in light appearance, a lighter fill in dark).
    public static let highlightedFill = Color(light: .systemGray4, dark: Color(red: 118.0 / 255, green: 118.0 / 255, blue: 128.0 / 255, alpha: 0.4))
    /// The symbols (`Color.label`: black in light, white in dark appearance).
    public static let symbolColor = Color.label
    /// The hairline between the halves (black at 12 % in light, white at 15 % in dark appearance).
    static let separatorColor = Color(light: Color(white: 0, alpha: 0.12), dark: Color(white: 1, alpha: 0.15))
    /// The colour of a symbol whose half is at its limit or disabled.
    public static let disabledSymbolColor = Color(light: Color(red: 196.0 / 255, green: 196.0 / 255, blue: 199.0 / 255), dark: .tertiaryLabel)

    /// One of the two halves.
    public enum Half: Sendable, Hashable {
        /// The left half, "−".
        case decrement
        /// The right half, "+".
        case increment
    }

    /// The value, within `minimumValue…maximumValue`; setting it sends nothing.
    public var value: Double {
        get { storedValue }
        set { guard !newValue.isNaN else { return }; storedValue = clamped(newValue); setNeedsDisplay() }
    }
    private var storedValue = 0.0
    /// The smallest value (raising it above `value` clamps the value).
    public var minimumValue = 0.0 {
        didSet {
            if !minimumValue.isFinite { minimumValue = oldValue }
            if maximumValue < minimumValue { maximumValue = minimumValue }
            storedValue = clamped(storedValue); setNeedsDisplay()
        }
    }
    /// The largest value (lowering it below `value` clamps the value).
    public var maximumValue = 100.0 {
        didSet {
            if !maximumValue.isFinite { maximumValue = oldValue }
            if minimumValue > maximumValue { minimumValue = maximumValue }
            storedValue = clamped(storedValue); setNeedsDisplay()
        }
    }
    /// The step (1 by default); a non-positive or non-finite step is refused (UIKit raises).
    public var stepValue = 1.0 {
        didSet { if !(stepValue > 0 && stepValue.isFinite) { stepValue = oldValue } }
    }
    /// Whether stepping past one end continues at the other.
    public var wraps = false { didSet { setNeedsDisplay() } }
    /// Whether holding a half repeats the step (after `autorepeatDelay`, accelerating).
    public var autorepeat = true
    /// Whether each repeated step sends `.valueChanged` at once (true) or only when the touch ends.
    public var isContinuous = true

    /// The half a finger is on now (drawn darker), nil when none.
    public private(set) var highlightedHalf: Half?
    private var pressedHalf: Half?
    private var repeatTimer: TimerQueue.Timer?
    private var repeats = 0
    private var valueAtTrackingStart = 0.0

    /// Makes a stepper (value 0 in 0…100, step 1).
    public override init(frame: Rect) {
        super.init(frame: Rect(origin: frame.origin, size: frame.size == .zero ? Stepper.defaultSize : frame.size))
    }

    private func clamped(_ v: Double) -> Double { min(max(v, minimumValue), maximumValue) }

    /// Whether a half can step now (it is drawn and acts enabled): always when `wraps`, else when
    /// its limit is not reached; never while the stepper is disabled.
    public func canStep(_ half: Half) -> Bool {
        guard isEnabled else { return false }
        if wraps { return true }
        return half == .decrement ? storedValue > minimumValue : storedValue < maximumValue
    }

    /// The half's rectangle in the stepper's coordinates.
    public func rect(for half: Half) -> Rect {
        let w = bounds.width / 2
        return Rect(x: bounds.minX + (half == .decrement ? 0 : w), y: bounds.minY, width: w, height: bounds.height)
    }

    private func half(at point: Point) -> Half? {
        guard bounds.contains(point) else { return nil }
        return point.x < bounds.midX ? .decrement : .increment
    }

    /// One step of `half`: returns whether the value changed.
    private func step(_ half: Half, event: Event?) -> Bool {
        guard canStep(half) else { return false }
        var new = storedValue + (half == .increment ? stepValue : -stepValue)
        if wraps {
            if new > maximumValue { new = minimumValue } else if new < minimumValue { new = maximumValue }
        }
        new = clamped(new)
        guard new != storedValue else { return false }
        storedValue = new
        setNeedsDisplay()
        if isContinuous { sendValueChanged(event) }
        return true
    }

    open override var intrinsicContentSize: Size { Stepper.defaultSize }
    open override func sizeThatFits(_ size: Size) -> Size { Stepper.defaultSize }

    /// An ancestor's single tap would take a press of a half: the stepper wins (UIKit).
    open override func defaultActionOverlaps(_ gestureRecognizer: GestureRecognizer) -> Bool {
        Control.isSingleTap(gestureRecognizer)
    }

    // MARK: Tracking

    open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        valueAtTrackingStart = storedValue
        guard let half = half(at: touch.location(in: self)), canStep(half) else { return false }
        pressedHalf = half
        highlightedHalf = half
        repeats = 0
        _ = step(half, event: event)
        scheduleRepeat(after: Stepper.autorepeatDelay)
        setNeedsDisplay()
        return true
    }

    open override func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
        guard let pressed = pressedHalf else { return false }
        let over = half(at: touch.location(in: self)) == pressed
        if over, highlightedHalf == nil {
            highlightedHalf = pressed
            repeats = 0
            scheduleRepeat(after: Stepper.autorepeatDelay)
            setNeedsDisplay()
        } else if !over, highlightedHalf != nil {
            highlightedHalf = nil
            stopRepeating()
            setNeedsDisplay()
        }
        return true
    }

    open override func endTracking(_ touch: Touch?, with event: Event?) { finishTracking(event) }
    open override func cancelTracking(with event: Event?) { finishTracking(event) }

    private func finishTracking(_ event: Event?) {
        stopRepeating()
        pressedHalf = nil
        highlightedHalf = nil
        setNeedsDisplay()
        if !isContinuous, storedValue != valueAtTrackingStart { sendValueChanged(event) }
    }

    /// `.valueChanged`, then `.primaryActionTriggered`: a value control's primary action is its
    /// change, as for `Slider`, `Switch` and `SegmentedControl`.
    private func sendValueChanged(_ event: Event?) {
        sendActions(for: .valueChanged, event: event)
        sendActions(for: .primaryActionTriggered, event: event)
    }

    /// Disabling the stepper mid-press (Control cancels the tracking) stops the repeat too.
    open override func stateDidChange() {
        super.stateDidChange()
        if !isEnabled { stopRepeating() }
    }

    private func scheduleRepeat(after delay: Double) {
        stopRepeating()
        guard autorepeat, let app = window?.application else { return }
        repeatTimer = app.timers.schedule(at: app.clock.now + delay) { [weak self] _ in
            self?.repeatFired()
        }
    }

    private func repeatFired() {
        repeatTimer = nil
        guard let half = highlightedHalf, isTracking else { return }
        repeats += 1
        let stepped = step(half, event: nil)
        guard stepped, canStep(half) else { return }
        scheduleRepeat(after: repeats >= Stepper.autorepeatAccelerationCount ? Stepper.autorepeatFastInterval : Stepper.autorepeatInterval)
    }

    private func stopRepeating() {
        repeatTimer?.cancel()
        repeatTimer = nil
    }

    // MARK: Drawing

    open override func draw(_ rect: Rect) {
        guard let context = GraphicsContext.current else { return }
        if !isEnabled { context.beginTransparencyLayer(alpha: Control.disabledAlpha) }
        let radius = 8.0
        context.setFillColor(Stepper.backgroundFill)
        context.fill(BezierPath(roundedRect: bounds, cornerRadius: radius))
        if let half = highlightedHalf {
            context.saveGState()
            context.clip(to: BezierPath(roundedRect: bounds, cornerRadius: radius))
            context.setFillColor(Stepper.highlightedFill)
            context.fill(self.rect(for: half))
            context.restoreGState()
        }
        // The separator: a 1 pt line, inset from top and bottom.
        context.setFillColor(Stepper.separatorColor)
        context.fill(Rect(x: (bounds.midX - 0.5).rounded(), y: bounds.minY + 8, width: 1, height: max(0, bounds.height - 16)))
        for half in [Half.decrement, .increment] {
            let r = self.rect(for: half)
            let c = Point(x: r.midX.rounded(), y: r.midY.rounded())
            let arm = 7.0, thickness = 2.0
            context.setFillColor(canStep(half) || !isEnabled ? Stepper.symbolColor : Stepper.disabledSymbolColor)
            context.fill(Rect(x: c.x - arm, y: c.y - thickness / 2, width: 2 * arm, height: thickness))
            if half == .increment {
                context.fill(Rect(x: c.x - thickness / 2, y: c.y - arm, width: thickness, height: 2 * arm))
            }
        }
        if !isEnabled { context.endTransparencyLayer() }
    }
}
