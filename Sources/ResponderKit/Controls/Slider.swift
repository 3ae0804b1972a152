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
/// Drawing: as UIKit's slider, it is made of part views — the two tracks (rounded views whose
/// frames and colours are set here) and the thumb (which draws its disc in `draw(_:)`) — inside a
/// content view whose alpha dims a disabled slider to `Control.disabledAlpha` as one group.
/// `setValue(_:animated: true)` moves the thumb and the minimum track's end together with
/// `View.animate` over `animationDuration`; the value itself changes at once.
@MainActor
open class Slider: Control {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    open override class var standardHitTestingClass: View.Type { Slider.self }

    /// UIKit's slider height (its thumb's 28 pt plus room for its shadow).
    public static let defaultHeight = 31.0
    /// The width `sizeThatFits` gives when no width is proposed.
    public static let defaultWidth = 118.0
    /// The diameter of the thumb.
    public static let thumbDiameter = 28.0
    /// The height of the track.
    public static let trackHeight = 4.0
    /// How far (points) around the thumb a touch still grabs it.
    public static let thumbTouchMargin = 10.0
    /// The maximum track colour: UIKit's `systemFill` over white in light appearance (opaque
    /// 227, 227, 232), `systemFill` in dark.
    public static let defaultMaximumTrackColor = Color(light: Color(red: 227.0 / 255, green: 227.0 / 255, blue: 232.0 / 255), dark: .systemFill)
    /// Seconds the thumb takes to slide for `setValue(_:animated: true)`.
    public static let animationDuration = 0.25

    // Internal (not private) so tests can read what is drawn.
    let contentView = View(frame: .zero)
    let maximumTrackView = View(frame: .zero)
    let minimumTrackView = View(frame: .zero)
    let thumbView = SliderThumbView(frame: .zero)

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
            placeParts(animated: false)
        }
    }
    /// The upper bound (1 by default). Lowering it below `minimumValue` lowers that too.
    public var maximumValue = 1.0 {
        didSet {
            if !maximumValue.isFinite { maximumValue = oldValue }
            if minimumValue > maximumValue { minimumValue = maximumValue }
            storedValue = clamped(storedValue)
            placeParts(animated: false)
        }
    }
    /// Whether `.valueChanged` is sent on every move (true) or once when the touch ends.
    public var isContinuous = true

    /// The track left of the thumb (nil: the inherited `tintColor`, system blue by default).
    public var minimumTrackTintColor: Color? { didSet { colourParts() } }
    /// The track right of the thumb (nil: `defaultMaximumTrackColor`).
    public var maximumTrackTintColor: Color? { didSet { colourParts() } }
    /// The thumb (nil: white).
    public var thumbTintColor: Color? { didSet { colourParts() } }

    private var grabOffset = 0.0
    private var valueAtTrackingStart = 0.0

    /// Makes a slider (value 0 in 0…1).
    public override init(frame: Rect) {
        super.init(frame: frame)
        for view in [contentView, maximumTrackView, minimumTrackView, thumbView] as [View] { view.isUserInteractionEnabled = false }
        maximumTrackView.layer.cornerRadius = Slider.trackHeight / 2
        minimumTrackView.layer.cornerRadius = Slider.trackHeight / 2
        addSubview(contentView)
        contentView.addSubview(maximumTrackView)
        contentView.addSubview(minimumTrackView)
        contentView.addSubview(thumbView)
        colourParts()
        placeParts(animated: false)
    }

    /// Sets the value, clamped to the bounds (NaN is ignored), sliding the thumb over
    /// `animationDuration` when `animated`. Sends nothing.
    public func setValue(_ value: Double, animated: Bool) {
        guard !value.isNaN else { return }
        let new = clamped(value)
        guard new != storedValue else { return }
        storedValue = new
        placeParts(animated: animated)
    }

    /// Puts the tracks and the thumb where the value and the bounds say.
    private func placeParts(animated: Bool) {
        let thumb = thumbRect
        let h = Slider.trackHeight
        let (start, length) = travel
        let track = Rect(x: start - h / 2, y: bounds.midY - h / 2, width: length + h, height: h)
        // The minimum track runs from the leading end: the right one in right-to-left layout.
        let filled =
            isRightToLeft
            ? Rect(x: thumb.midX, y: track.minY, width: max(0, track.maxX - thumb.midX), height: h)
            : Rect(x: track.minX, y: track.minY, width: max(0, thumb.midX - track.minX), height: h)
        let outset = SliderThumbView.outset
        let changes = {
            self.contentView.frame = self.bounds
            self.maximumTrackView.frame = track
            self.minimumTrackView.frame = filled
            self.thumbView.frame = thumb.insetBy(dx: -outset, dy: -outset)
        }
        if animated {
            View.animate(withDuration: Slider.animationDuration, delay: 0, options: [.beginFromCurrentState], animations: changes)
        } else {
            View.performWithoutAnimation(changes)
        }
    }

    private func colourParts() {
        maximumTrackView.backgroundColor = maximumTrackTintColor ?? Slider.defaultMaximumTrackColor
        minimumTrackView.backgroundColor = minimumTrackTintColor ?? tintColor
        thumbView.fill = thumbTintColor ?? .white
    }

    /// The minimum track follows the inherited tint unless `minimumTrackTintColor` is set.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        colourParts()
    }

    /// Moved into a window, whose direction may put the minimum at the other end: placed again.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if !contentView.hasAnimations && !thumbView.hasAnimations { placeParts(animated: false) }
    }

    /// Highlighting darkens the thumb's ring; disabling dims the whole slider.
    open override func stateDidChange() {
        super.stateDidChange()
        contentView.alpha = isEnabled ? 1 : Control.disabledAlpha
        thumbView.isPressed = isHighlighted
    }

    private func clamped(_ v: Double) -> Double { min(max(v, minimumValue), maximumValue) }

    // MARK: Geometry

    /// Whether the minimum is at the right (`effectiveUserInterfaceLayoutDirection`; UIKit
    /// mirrors its slider in right-to-left layout).
    private var isRightToLeft: Bool { effectiveUserInterfaceLayoutDirection == .rightToLeft }

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
        let cx = start + (isRightToLeft ? 1 - fraction : fraction) * length
        let d = Slider.thumbDiameter
        return Rect(x: cx - d / 2, y: bounds.midY - d / 2, width: d, height: d)
    }

    /// The value whose thumb centre is at `x`, clamped.
    private func value(forThumbCenterX x: Double) -> Double {
        let (start, length) = travel
        guard length > 0 else { return minimumValue }
        let fromLeft = min(max((x - start) / length, 0), 1)
        let fraction = isRightToLeft ? 1 - fromLeft : fromLeft
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
            placeParts(animated: false)
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
}

/// The slider's thumb: a disc with a soft grey halo standing in for UIKit's shadow, drawn
/// `outset` points inside its frame so the halo is not cut off.
@MainActor
final class SliderThumbView: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    override class var standardHitTestingClass: View.Type { SliderThumbView.self }

    static let outset = 1.5
    var fill: Color = .white { didSet { if oldValue != fill { setNeedsDisplay() } } }
    var isPressed = false { didSet { if oldValue != isPressed { setNeedsDisplay() } } }

    override func draw(_ rect: Rect) {
        guard let context = GraphicsContext.current else { return }
        let disc = bounds.insetBy(dx: SliderThumbView.outset, dy: SliderThumbView.outset)
        context.setFillColor(Color(red: 0, green: 0, blue: 0, alpha: 0.08))
        context.fillEllipse(in: disc.insetBy(dx: -0.5, dy: -0.5).offsetBy(dx: 0, dy: 1))
        context.setFillColor(fill)
        context.fillEllipse(in: disc.insetBy(dx: 0.5, dy: 0.5))
        context.setStrokeColor(Color(red: 0, green: 0, blue: 0, alpha: isPressed ? 0.3 : 0.12))
        context.setLineWidth(1)
        context.strokeEllipse(in: disc.insetBy(dx: 0.5, dy: 0.5))
    }
}
