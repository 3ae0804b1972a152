/// A continuous value picker (UIKit's `UISlider`): a 4 pt rounded track across the bounds, the
/// part left of the thumb in `minimumTrackTintColor` (system blue), the rest in
/// `maximumTrackTintColor` (light grey), and a 28 pt white thumb at the value's place.
///
/// Tracking starts only when the touch goes down on the thumb, enlarged by `thumbTouchMargin`
/// (UIKit's slider ignores touches on the bare track); the control events of `Control` are sent
/// either way. While tracking, the value follows the finger along the track — keeping the offset
/// at which the thumb was grabbed, so it does not jump — clamped to `minimumValue…maximumValue`,
/// wherever the finger goes (above, below, or beyond the ends). With `isContinuous` (the default)
/// each move that changes the value sends `.valueChanged` then `.primaryActionTriggered`; without,
/// they are sent once when the touch ends (or is cancelled) if the value changed, before
/// `.touchUpInside`/`.touchUpOutside`. A cancelled touch keeps the value reached (as UIKit does).
///
/// Everything is drawn in `draw(_:)`; a disabled slider is drawn at `Control.disabledAlpha`.
/// `setValue(_:animated:)` moves the thumb at once: a slider's thumb is no view of its own here,
/// so there is nothing for `View.animate` to slide.
@MainActor
open class Slider: Control {
    /// UIKit's slider height (its thumb's 28 pt plus room for its shadow).
    public static let defaultHeight = 31.0
    /// The width `sizeThatFits` gives when no width is proposed.
    public static let defaultWidth = 118.0
    public static let thumbDiameter = 28.0
    public static let trackHeight = 4.0
    /// How far (points) around the thumb a touch still grabs it.
    public static let thumbTouchMargin = 10.0
    /// The maximum track colour (UIKit's light-mode `systemFill` over white).
    public static let defaultMaximumTrackColor = Color(red: 227.0 / 255, green: 227.0 / 255, blue: 232.0 / 255)

    /// The value, always within `minimumValue…maximumValue`; setting it sends nothing (UIKit).
    public var value: Double {
        get { storedValue }
        set { setValue(newValue, animated: false) }
    }
    private var storedValue = 0.0
    /// The lower bound (0 by default). Raising it above `maximumValue` raises that too.
    public var minimumValue = 0.0 {
        didSet {
            if !minimumValue.isFinite { minimumValue = oldValue }
            if maximumValue < minimumValue { maximumValue = minimumValue }
            storedValue = clamped(storedValue)
            setNeedsDisplay()
        }
    }
    /// The upper bound (1 by default). Lowering it below `minimumValue` lowers that too.
    public var maximumValue = 1.0 {
        didSet {
            if !maximumValue.isFinite { maximumValue = oldValue }
            if minimumValue > maximumValue { minimumValue = maximumValue }
            storedValue = clamped(storedValue)
            setNeedsDisplay()
        }
    }
    /// Whether `.valueChanged` is sent on every move (true) or once when the touch ends.
    public var isContinuous = true

    /// The track left of the thumb (nil: system blue).
    public var minimumTrackTintColor: Color? { didSet { setNeedsDisplay() } }
    /// The track right of the thumb (nil: `defaultMaximumTrackColor`).
    public var maximumTrackTintColor: Color? { didSet { setNeedsDisplay() } }
    /// The thumb (nil: white).
    public var thumbTintColor: Color? { didSet { setNeedsDisplay() } }

    private var grabOffset = 0.0
    private var valueAtTrackingStart = 0.0

    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    /// Sets the value, clamped to the bounds (NaN is ignored). Sends nothing.
    public func setValue(_ value: Double, animated: Bool) {
        guard !value.isNaN else { return }
        let new = clamped(value)
        guard new != storedValue else { return }
        storedValue = new
        setNeedsDisplay()
    }

    private func clamped(_ v: Double) -> Double { min(max(v, minimumValue), maximumValue) }

    // MARK: Geometry

    /// The thumb's centres run from `thumbDiameter / 2` to `width - thumbDiameter / 2`.
    private var travel: (start: Double, length: Double) {
        let r = Slider.thumbDiameter / 2
        return (bounds.minX + r, max(0, bounds.width - 2 * r))
    }

    /// The thumb's rectangle in the slider's coordinates (UIKit's `thumbRect(forBounds:…)`).
    public var thumbRect: Rect {
        let (start, length) = travel
        let span = maximumValue - minimumValue
        let fraction = span > 0 ? (storedValue - minimumValue) / span : 0
        let cx = start + fraction * length
        let d = Slider.thumbDiameter
        return Rect(x: cx - d / 2, y: bounds.midY - d / 2, width: d, height: d)
    }

    /// The value whose thumb centre is at `x`, clamped.
    private func value(forThumbCenterX x: Double) -> Double {
        let (start, length) = travel
        guard length > 0 else { return minimumValue }
        let fraction = min(max((x - start) / length, 0), 1)
        return clamped(minimumValue + fraction * (maximumValue - minimumValue))
    }

    open override var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: Slider.defaultHeight) }
    open override func sizeThatFits(_ size: Size) -> Size {
        let width = size.width.isFinite && size.width > 0 ? max(size.width, Slider.thumbDiameter) : Slider.defaultWidth
        return Size(width: width, height: Slider.defaultHeight)
    }

    /// An ancestor's horizontal drag of the thumb would take the slider's own drag: the slider wins.
    open override func defaultActionOverlaps(_ gestureRecognizer: GestureRecognizer) -> Bool {
        isTracking && Control.isHorizontalDrag(gestureRecognizer)
    }

    // MARK: Tracking

    open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        let point = touch.location(in: self)
        let thumb = thumbRect
        guard thumb.insetBy(dx: -Slider.thumbTouchMargin, dy: -Slider.thumbTouchMargin).contains(point) else { return false }
        grabOffset = point.x - thumb.midX
        valueAtTrackingStart = storedValue
        return true
    }

    open override func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
        let new = value(forThumbCenterX: touch.location(in: self).x - grabOffset)
        if new != storedValue {
            storedValue = new
            setNeedsDisplay()
            if isContinuous { sendValueChanged(event) }
        }
        return true
    }

    open override func endTracking(_ touch: Touch?, with event: Event?) { finishTracking(event) }
    open override func cancelTracking(with event: Event?) { finishTracking(event) }

    private func finishTracking(_ event: Event?) {
        if !isContinuous, storedValue != valueAtTrackingStart { sendValueChanged(event) }
    }

    private func sendValueChanged(_ event: Event?) {
        sendActions(for: .valueChanged, event: event)
        sendActions(for: .primaryActionTriggered, event: event)
    }

    // MARK: Drawing

    open override func draw(_ rect: Rect) {
        guard let context = GraphicsContext.current else { return }
        if !isEnabled { context.beginTransparencyLayer(alpha: Control.disabledAlpha) }
        let thumb = thumbRect
        let h = Slider.trackHeight
        let (start, length) = travel
        let trackY = bounds.midY - h / 2
        let track = Rect(x: start - h / 2, y: trackY, width: length + h, height: h)
        context.setFillColor(maximumTrackTintColor ?? Slider.defaultMaximumTrackColor)
        context.fill(BezierPath(roundedRect: track, cornerRadius: h / 2))
        let filled = Rect(x: track.minX, y: trackY, width: max(0, thumb.midX - track.minX), height: h)
        context.setFillColor(minimumTrackTintColor ?? .systemBlue)
        context.fill(BezierPath(roundedRect: filled, cornerRadius: h / 2))
        // The thumb: a soft grey halo standing in for UIKit's shadow, then the white disc.
        context.setFillColor(Color(red: 0, green: 0, blue: 0, alpha: 0.08))
        context.fillEllipse(in: thumb.insetBy(dx: -0.5, dy: -0.5).offsetBy(dx: 0, dy: 1))
        context.setFillColor(thumbTintColor ?? .white)
        context.fillEllipse(in: thumb.insetBy(dx: 0.5, dy: 0.5))
        context.setStrokeColor(Color(red: 0, green: 0, blue: 0, alpha: isHighlighted ? 0.3 : 0.12))
        context.setLineWidth(1)
        context.strokeEllipse(in: thumb.insetBy(dx: 0.5, dy: 0.5))
        if !isEnabled { context.endTransparencyLayer() }
    }
}
