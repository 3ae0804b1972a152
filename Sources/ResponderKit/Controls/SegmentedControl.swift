/// A row of equal-width segments, one of them selected (UIKit's `UISegmentedControl`, iOS 13
/// look): a light grey rounded background, the selected segment a raised white rounded
/// rectangle (`selectedSegmentTintColor`), hairline separators between unselected segments, 13 pt
/// titles (semibold when selected, grey when the segment is disabled).
///
/// Interaction: a touch going down on an enabled segment highlights it (drawn darker); while
/// the finger stays inside `Control`'s 70 pt tracking tolerance the highlight follows the
/// segment under it (the x clamped to the bounds), outside it there is none. Lifting inside
/// selects the highlighted segment and — only if the selection changed — sends `.valueChanged`
/// then `.primaryActionTriggered` (from `endTracking`, so before `.touchUpInside`). A disabled
/// segment never highlights or selects. With `isMomentary` every such lift sends
/// `.valueChanged` with `selectedSegmentIndex` set to the segment while the actions run; it is
/// reset to `noSegment` right after them, so nothing stays selected (UIKit's momentary look).
@MainActor
open class SegmentedControl: Control {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    open override class var standardHitTestingClass: View.Type { SegmentedControl.self }

    /// UIKit's `UISegmentedControl.noSegment`.
    public static let noSegment = -1
    /// The height a segmented control draws at (UIKit's 32 points).
    public static let defaultHeight = 32.0
    /// Space left and right of the widest title in every segment.
    public static let segmentPadding = 12.0
    /// The titles' font.
    public static let titleFont = Font.systemFont(ofSize: 13)
    /// The selected segment's title font.
    public static let selectedTitleFont = Font.systemFont(ofSize: 13, weight: .semibold)
    /// The background (UIKit's light-mode `tertiarySystemFill` over white).
    public static let backgroundFill = Color(red: 238.0 / 255, green: 238.0 / 255, blue: 239.0 / 255)
    /// The fill of a pressed segment.
    public static let highlightedFill = Color(red: 218.0 / 255, green: 218.0 / 255, blue: 221.0 / 255)
    /// The title colour of a disabled segment.
    public static let disabledTitleColor = Color(red: 174.0 / 255, green: 174.0 / 255, blue: 178.0 / 255)
    static let cornerRadius = 8.0
    static let selectionInset = 2.0

    private struct Segment {
        var title: String?
        var isEnabled = true
    }
    private var segments: [Segment]

    /// The selected segment, or `noSegment`. An index out of range is refused with a diagnostic.
    public var selectedSegmentIndex: Int {
        get { selected }
        set {
            guard newValue == SegmentedControl.noSegment || segments.indices.contains(newValue) else {
                ResponderDiagnostics.report(.control("selectedSegmentIndex \(newValue) is out of range 0..<\(segments.count)"))
                return
            }
            if newValue != selected { selected = newValue; setNeedsDisplay() }
        }
    }
    private var selected = SegmentedControl.noSegment

    /// Segments select only while touched (see the type's notes).
    public var isMomentary = false
    /// The selected segment's fill (nil: white).
    public var selectedSegmentTintColor: Color? { didSet { setNeedsDisplay() } }
    /// The segment under the finger (drawn darker), nil when none.
    public private(set) var highlightedSegmentIndex: Int?

    /// A control with one segment per title, none selected.
    public init(items: [String]) {
        segments = items.map { Segment(title: $0) }
        super.init(frame: .zero)
        frame = Rect(origin: .zero, size: sizeThatFits(.zero))
    }

    /// Makes a segmented control with no segment.
    public override init(frame: Rect) {
        segments = []
        super.init(frame: frame)
    }

    /// How many segments there are.
    public var numberOfSegments: Int { segments.count }

    /// Inserts a segment; `index` is clamped to `0...numberOfSegments` (UIKit). The selection
    /// stays on the same segment. Nothing animates here: `animated` is accepted for UIKit's API.
    public func insertSegment(withTitle title: String?, at index: Int, animated: Bool) {
        let i = min(max(index, 0), segments.count)
        segments.insert(Segment(title: title), at: i)
        if selected != SegmentedControl.noSegment, selected >= i { selected += 1 }
        contentChanged()
    }

    /// Removes a segment (an index out of range does nothing, with a diagnostic); removing the
    /// selected one leaves none selected.
    public func removeSegment(at index: Int, animated: Bool) {
        guard segments.indices.contains(index) else {
            ResponderDiagnostics.report(.control("removeSegment(at: \(index)) with \(segments.count) segments"))
            return
        }
        segments.remove(at: index)
        if selected == index { selected = SegmentedControl.noSegment } else if selected > index { selected -= 1 }
        if let h = highlightedSegmentIndex, h >= segments.count { highlightedSegmentIndex = nil }
        contentChanged()
    }

    /// Removes every segment (no segment is selected afterwards).
    public func removeAllSegments() {
        segments.removeAll()
        selected = SegmentedControl.noSegment
        highlightedSegmentIndex = nil
        contentChanged()
    }

    /// Changes the title of the segment at `index`.
    public func setTitle(_ title: String?, forSegmentAt index: Int) {
        guard segments.indices.contains(index) else { return }
        segments[index].title = title
        contentChanged()
    }

    /// The title of the segment at `index`.
    public func titleForSegment(at index: Int) -> String? {
        segments.indices.contains(index) ? segments[index].title : nil
    }

    /// Enables or disables one segment (a disabled one neither highlights nor selects).
    public func setEnabled(_ enabled: Bool, forSegmentAt index: Int) {
        guard segments.indices.contains(index) else { return }
        segments[index].isEnabled = enabled
        if !enabled, highlightedSegmentIndex == index { highlightedSegmentIndex = nil }
        setNeedsDisplay()
    }

    /// Whether the segment at `index` can be selected.
    public func isEnabledForSegment(at index: Int) -> Bool {
        segments.indices.contains(index) ? segments[index].isEnabled : false
    }

    /// Titles or segments changed: redraw (the frame is the app's to set; `sizeToFit()` fits it).
    private func contentChanged() { setNeedsDisplay() }

    // MARK: Geometry

    /// The rectangle of segment `index` in the control's coordinates (equal widths).
    public func rectForSegment(at index: Int) -> Rect {
        guard !segments.isEmpty else { return .zero }
        let w = bounds.width / Double(segments.count)
        return Rect(x: bounds.minX + Double(index) * w, y: bounds.minY, width: w, height: bounds.height)
    }

    /// The segment at `x` (clamped to the bounds).
    private func segmentIndex(atX x: Double) -> Int? {
        guard !segments.isEmpty, bounds.width > 0 else { return nil }
        let fraction = (x - bounds.minX) / bounds.width
        return Int.clamped(fraction * Double(segments.count), rounding: .down, to: 0...(segments.count - 1))
    }

    /// Every segment as wide as the widest title plus `segmentPadding` on each side, 32 pt high.
    /// - Complexity: O(total title length).
    open override func sizeThatFits(_ size: Size) -> Size {
        var widest = 0.0
        for segment in segments {
            guard let title = segment.title, !title.isEmpty else { continue }
            let measured = Drawing.textEngine.size(
                of: title, attributes: TextAttributes(font: SegmentedControl.selectedTitleFont, numberOfLines: 1), width: nil)
            widest = max(widest, measured.width.rounded(.up))
        }
        return Size(width: Double(segments.count) * (widest + 2 * SegmentedControl.segmentPadding), height: SegmentedControl.defaultHeight)
    }

    open override var intrinsicContentSize: Size { sizeThatFits(.zero) }

    /// An ancestor's single tap would take the tap on a segment: the control wins (UIKit).
    open override func defaultActionOverlaps(_ gestureRecognizer: GestureRecognizer) -> Bool {
        Control.isSingleTap(gestureRecognizer)
    }

    // MARK: Tracking

    private func highlight(for touch: Touch) -> Int? {
        guard isTouchInside, let i = segmentIndex(atX: touch.location(in: self).x), segments[i].isEnabled else { return nil }
        return i
    }

    private func setHighlight(_ index: Int?) {
        guard index != highlightedSegmentIndex else { return }
        highlightedSegmentIndex = index
        setNeedsDisplay()
    }

    open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        setHighlight(highlight(for: touch))
        return true
    }

    open override func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
        setHighlight(highlight(for: touch))
        return true
    }

    open override func endTracking(_ touch: Touch?, with event: Event?) {
        let chosen = touch.flatMap { isTouchInside ? highlight(for: $0) : nil }
        setHighlight(nil)
        guard let chosen else { return }
        if isMomentary {
            selected = chosen
            sendActions(for: .valueChanged, event: event)
            sendActions(for: .primaryActionTriggered, event: event)
            selected = SegmentedControl.noSegment
            setNeedsDisplay()
        } else if chosen != selected {
            selected = chosen
            setNeedsDisplay()
            sendActions(for: .valueChanged, event: event)
            sendActions(for: .primaryActionTriggered, event: event)
        }
    }

    open override func cancelTracking(with event: Event?) { setHighlight(nil) }

    // MARK: Drawing

    open override func draw(_ rect: Rect) {
        guard let context = GraphicsContext.current else { return }
        if !isEnabled { context.beginTransparencyLayer(alpha: Control.disabledAlpha) }
        let radius = SegmentedControl.cornerRadius
        let background = BezierPath(roundedRect: bounds, cornerRadius: radius)
        context.setFillColor(SegmentedControl.backgroundFill)
        context.fill(background)
        if let h = highlightedSegmentIndex, h != selected {
            context.saveGState()
            context.clip(to: background)
            context.setFillColor(SegmentedControl.highlightedFill)
            context.fill(rectForSegment(at: h))
            context.restoreGState()
        }
        // Separators between two unselected segments.
        context.setFillColor(Color(red: 0, green: 0, blue: 0, alpha: 0.15))
        for i in segments.indices.dropFirst() where i != selected && i - 1 != selected {
            let x = rectForSegment(at: i).minX
            context.fill(Rect(x: (x - 0.5).rounded(), y: bounds.minY + 8, width: 1, height: max(0, bounds.height - 16)))
        }
        if segments.indices.contains(selected) {
            let inset = SegmentedControl.selectionInset
            let pill = rectForSegment(at: selected).insetBy(dx: inset, dy: inset)
            context.setFillColor(Color(red: 0, green: 0, blue: 0, alpha: 0.06))
            context.fill(BezierPath(roundedRect: pill.insetBy(dx: -0.5, dy: -0.5).offsetBy(dx: 0, dy: 0.5), cornerRadius: radius - inset + 0.5))
            let fill = selectedSegmentTintColor ?? .white
            let dimmed =
                highlightedSegmentIndex == selected ? Color(red: fill.red * 0.93, green: fill.green * 0.93, blue: fill.blue * 0.93, alpha: fill.alpha) : fill
            context.setFillColor(dimmed)
            context.fill(BezierPath(roundedRect: pill, cornerRadius: radius - inset))
        }
        for (i, segment) in segments.enumerated() {
            guard let title = segment.title, !title.isEmpty else { continue }
            let font = i == selected ? SegmentedControl.selectedTitleFont : SegmentedControl.titleFont
            let color = segment.isEnabled ? Color.black : SegmentedControl.disabledTitleColor
            let attributes = TextAttributes(font: font, color: color, alignment: .center, lineBreakMode: .byTruncatingTail, numberOfLines: 1)
            let r = rectForSegment(at: i).insetBy(dx: 4, dy: 0)
            let height = Drawing.textEngine.size(of: title, attributes: attributes, width: r.width).height
            context.draw(title, in: Rect(x: r.minX, y: (r.midY - height / 2).rounded(), width: r.width, height: height), attributes: attributes)
        }
        if !isEnabled { context.endTransparencyLayer() }
    }
}
