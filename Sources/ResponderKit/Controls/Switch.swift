/// An on/off switch (UIKit's `UISwitch`): a 51×31 rounded track, grey when off and `onTintColor`
/// (system green) when on, with a 27 pt white thumb that slides from one end to the other.
///
/// Interaction follows UIKit: a tap lifted inside (the 70 pt tracking tolerance of `Control`)
/// toggles it; a horizontal drag of more than `dragThreshold` points moves the thumb with the
/// finger, the track colour following the side the thumb is on, and on lifting the switch takes
/// the state of the side the thumb is on (wherever the finger is). A change sends `.valueChanged`
/// and then `.primaryActionTriggered` from `endTracking`, so both come before `.touchUpInside`
/// (UIKit ends tracking before it sends the up event). A cancelled touch puts the thumb back.
///
/// Drawing: the track is a rounded view whose `backgroundColor` animates between the off and on
/// colours, the thumb a view that draws its circle in `draw(_:)` and whose `frame` animates
/// (`View.animate`, `animationDuration`), both inside a content view whose alpha dims a disabled
/// switch to `Control.disabledAlpha` as one group. The size is UIKit's 51×31 times `scale` (1 by
/// default, so 51×31 as in UIKit), drawn at the top left of the bounds whatever the frame;
/// `intrinsicContentSize` and `sizeThatFits` give that size, so Auto Layout sizes a switch by it
/// and a kiosk can make it larger for fingers (`scale = 1.5`).
@MainActor
open class Switch: Control {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    open override class var standardHitTestingClass: View.Type { Switch.self }

    /// UIKit's switch size.
    public static let defaultSize = Size(width: 51, height: 31)
    /// UIKit's `systemGreen`, the default `onTintColor` (a switch does not take the tint colour,
    /// as in UIKit since iOS 13).
    public static let defaultOnTintColor = Color.systemGreen
    /// The off track: UIKit's `secondarySystemFill` over white in light appearance (opaque 233,
    /// 233, 235), `secondarySystemFill` in dark.
    public static let offTrackColor = Color(light: Color(red: 233.0 / 255, green: 233.0 / 255, blue: 235.0 / 255), dark: .secondarySystemFill)
    /// The gap between the thumb and the track's edge (a 27 pt thumb in a 31 pt track).
    public static let thumbInset = 2.0
    /// Seconds the thumb takes to slide when the state changes with animation.
    public static let animationDuration = 0.25
    /// How far (points) a finger must move horizontally before it drags the thumb; a shorter
    /// movement is still a tap.
    public static let dragThreshold = 6.0
    /// How much wider (points) the thumb is drawn while touched.
    public static let highlightStretch = 6.0

    // Internal (not private) so tests can read what is drawn.
    let contentView = View(frame: .zero)
    let trackView = View(frame: .zero)
    let thumbView = SwitchThumbView(frame: .zero)

    /// Whether the switch is on. Setting it moves the thumb at once and sends nothing (UIKit).
    public var isOn: Bool {
        get { on }
        set { setOn(newValue, animated: false) }
    }
    private var on = false

    /// The track colour when on (nil: `defaultOnTintColor`).
    public var onTintColor: Color? { didSet { if oldValue != onTintColor { updateLook(animated: false) } } }
    /// The thumb colour (nil: white).
    public var thumbTintColor: Color? { didSet { if oldValue != thumbTintColor { thumbView.fill = thumbTintColor ?? .white } } }

    /// How many times UIKit's 51×31 points the switch is drawn (1 by default); values that are
    /// not finite and positive are refused (kept at the old value, with a diagnostic). The
    /// thumb, the track and the drag distances scale together.
    public var scale = 1.0 {
        didSet {
            guard scale.isFinite, scale > 0 else {
                ResponderDiagnostics.report(.control("Switch.scale \(scale) is not a positive number; kept \(oldValue)"))
                scale = oldValue
                return
            }
            guard scale != oldValue else { return }
            applyScale()
            invalidateIntrinsicContentSize()
        }
    }

    /// Scales the content view about its top-left corner.
    private func applyScale() {
        View.performWithoutAnimation {
            contentView.transform = AffineTransform(scaleX: scale, y: scale)
            contentView.center = Point(x: Switch.defaultSize.width * scale / 2, y: Switch.defaultSize.height * scale / 2)
        }
        setNeedsDisplay()
    }

    // Tracking state.
    private var startTouchX = 0.0
    private var startThumbX = 0.0
    private var isDraggingThumb = false

    /// Makes a switch, off (it draws at UIKit's 51 × 31 points).
    public override init(frame: Rect) {
        super.init(frame: Rect(origin: frame.origin, size: frame.size == .zero ? Switch.defaultSize : frame.size))
        for view in [contentView, trackView, thumbView] as [View] { view.isUserInteractionEnabled = false }
        trackView.layer.cornerRadius = Switch.defaultSize.height / 2
        addSubview(contentView)
        contentView.addSubview(trackView)
        contentView.addSubview(thumbView)
        contentView.frame = Rect(origin: .zero, size: Switch.defaultSize)
        trackView.frame = Rect(origin: .zero, size: Switch.defaultSize)
        updateLook(animated: false)
    }

    /// Turns the switch on or off, sliding the thumb over `animationDuration` when `animated`.
    /// Sends no action (UIKit).
    public func setOn(_ on: Bool, animated: Bool) {
        let changed = on != self.on
        self.on = on
        if changed || !animated { updateLook(animated: animated) }
    }

    /// The thumb's centre x for a state: on is at the trailing end (the left one in
    /// right-to-left layout, as UIKit mirrors its switch).
    private func thumbCenterX(on: Bool) -> Double {
        let radius = Switch.defaultSize.height / 2
        return on != isRightToLeft ? Switch.defaultSize.width - radius : radius
    }

    /// Whether the switch is mirrored (`effectiveUserInterfaceLayoutDirection`).
    private var isRightToLeft: Bool { effectiveUserInterfaceLayoutDirection == .rightToLeft }

    /// Whether a thumb centred at `x` reads as on (past the middle towards the trailing end).
    private func readsOn(thumbX x: Double) -> Bool {
        isRightToLeft ? x < Switch.defaultSize.width / 2 : x > Switch.defaultSize.width / 2
    }

    /// The direction may have flipped: the thumb goes to its end for the new one.
    open override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if previousTraitCollection?.layoutDirection != traitCollection.layoutDirection { updateLook(animated: false) }
    }

    /// Moved into a window (whose direction may differ from where it was made): the thumb goes
    /// to its end for the window's direction.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if !isDraggingThumb, thumbPosition != thumbCenterX(on: on) { updateLook(animated: false) }
    }

    private var onColor: Color { onTintColor ?? Switch.defaultOnTintColor }

    /// Puts the thumb and the track colour where `isOn` says.
    private func updateLook(animated: Bool) {
        place(thumbX: thumbCenterX(on: on), trackOn: on, animated: animated)
    }

    /// Moves the thumb to `thumbX` (its logical centre) and colours the track. A highlighted
    /// (touched) thumb is `highlightStretch` wider, growing towards the middle, as UIKit's does.
    private func place(thumbX: Double, trackOn: Bool, animated: Bool) {
        thumbPosition = thumbX
        trackShowsOn = trackOn
        let frame = thumbFrame(at: thumbX)
        let changes = {
            self.thumbView.frame = frame
            self.trackView.backgroundColor = trackOn ? self.onColor : Switch.offTrackColor
        }
        if animated {
            View.animate(withDuration: Switch.animationDuration, delay: 0, options: [.beginFromCurrentState], animations: changes)
        } else {
            View.performWithoutAnimation(changes)
        }
        setNeedsDisplay()
    }

    private func thumbFrame(at x: Double) -> Rect {
        let diameter = Switch.defaultSize.height - 2 * Switch.thumbInset
        let stretch = isHighlighted ? Switch.highlightStretch : 0
        let off = thumbCenterX(on: false), onX = thumbCenterX(on: true)
        let t = (x - off) / (onX - off)
        // Towards the middle: rightwards from the left end, leftwards from the right end.
        let leftward = isRightToLeft ? 1 - t : t
        return Rect(x: x - diameter / 2 - stretch * leftward, y: Switch.thumbInset, width: diameter + stretch, height: diameter)
    }

    private var thumbPosition = Switch.defaultSize.height / 2
    private var trackShowsOn = false

    /// Where the thumb is: its logical centre x in the switch's coordinates (15.5 off, 35.5 on;
    /// the model value, whatever is drawn during an animation).
    public var thumbCenter: Double { thumbPosition }

    // MARK: Look

    open override func stateDidChange() {
        super.stateDidChange()
        contentView.alpha = isEnabled ? 1 : Control.disabledAlpha
        place(thumbX: thumbPosition, trackOn: trackShowsOn, animated: false)
    }

    /// UIKit's 51×31 times `scale`.
    open override var intrinsicContentSize: Size { Size(width: Switch.defaultSize.width * scale, height: Switch.defaultSize.height * scale) }
    /// UIKit's 51×31 times `scale`, whatever is proposed.
    open override func sizeThatFits(_ size: Size) -> Size { intrinsicContentSize }

    /// An ancestor's single tap, or its horizontal drag of this switch, would take the switch's
    /// own gesture: the switch wins (UIKit).
    open override func defaultActionOverlaps(_ gestureRecognizer: GestureRecognizer) -> Bool {
        Control.isSingleTap(gestureRecognizer) || (isTracking && Control.isHorizontalDrag(gestureRecognizer))
    }

    // MARK: Tracking

    open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        startTouchX = touch.location(in: contentView).x
        startThumbX = thumbCenterX(on: on)
        isDraggingThumb = false
        return true
    }

    open override func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
        let dx = touch.location(in: contentView).x - startTouchX
        if !isDraggingThumb, abs(dx) > Switch.dragThreshold { isDraggingThumb = true }
        if isDraggingThumb {
            let ends = [thumbCenterX(on: false), thumbCenterX(on: true)]
            let x = min(max(startThumbX + dx, ends.min() ?? 0), ends.max() ?? 0)
            place(thumbX: x, trackOn: readsOn(thumbX: x), animated: false)
        }
        return true
    }

    open override func endTracking(_ touch: Touch?, with event: Event?) {
        let newValue: Bool
        if isDraggingThumb {
            newValue = readsOn(thumbX: thumbPosition)
        } else {
            newValue = isTouchInside ? !on : on
        }
        isDraggingThumb = false
        let changed = newValue != on
        on = newValue
        updateLook(animated: true)
        if changed {
            sendActions(for: .valueChanged, event: event)
            sendActions(for: .primaryActionTriggered, event: event)
        }
    }

    open override func cancelTracking(with event: Event?) {
        isDraggingThumb = false
        updateLook(animated: true)
    }
}

/// The switch's thumb: a filled circle (a capsule while stretched) with a hairline grey ring
/// standing in for UIKit's shadow.
@MainActor
final class SwitchThumbView: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    override class var standardHitTestingClass: View.Type { SwitchThumbView.self }

    var fill: Color = .white { didSet { if oldValue != fill { setNeedsDisplay() } } }

    override func draw(_ rect: Rect) {
        guard let context = GraphicsContext.current else { return }
        let outline = bounds.insetBy(dx: 0.5, dy: 0.5)
        let capsule = BezierPath(roundedRect: outline, cornerRadius: outline.height / 2)
        context.setFillColor(fill)
        context.fill(capsule)
        context.setStrokeColor(Color(red: 0, green: 0, blue: 0, alpha: 0.12))
        context.setLineWidth(1)
        context.stroke(capsule)
    }
}
