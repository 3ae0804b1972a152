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
    /// The background: UIKit's `tertiarySystemFill` over white in light appearance (opaque 238,
    /// 238, 239), `tertiarySystemFill` in dark.
    public static let backgroundFill = Color(light: Color(red: 238.0 / 255, green: 238.0 / 255, blue: 239.0 / 255), dark: .tertiarySystemFill)
    /// The fill of a pressed segment (darker than the background in light, lighter in dark).
    public static let highlightedFill = Color(
        light: Color(red: 218.0 / 255, green: 218.0 / 255, blue: 221.0 / 255), dark: Color(red: 118.0 / 255, green: 118.0 / 255, blue: 128.0 / 255, alpha: 0.4))
    /// The title colour of a disabled segment (`systemGray2`: 174, 174, 178 in light appearance).
    public static let disabledTitleColor = Color(light: .systemGray2, dark: .tertiaryLabel)
    /// The selected segment's fill when `selectedSegmentTintColor` is nil: white in light
    /// appearance, UIKit's dark grey (`systemGray2`'s 99, 99, 102) in dark.
    public static let defaultSelectedSegmentTintColor = Color(light: .white, dark: .systemGray2)
    /// The hairlines between unselected segments.
    static let separatorColor = Color(light: Color(white: 0, alpha: 0.15), dark: Color(white: 1, alpha: 0.15))
    static let cornerRadius = 8.0
    static let selectionInset = 2.0

    private struct Segment {
        var title: String?
        var isEnabled = true
    }
    private var segments: [Segment]
    /// The attributes set per state (`setTitleTextAttributes(_:for:)`), by `ControlState.rawValue`.
    private var titleAttributes: [UInt: [StringAttributeKey: Any]] = [:]

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
    /// The selected segment's fill (nil: `defaultSelectedSegmentTintColor`, white in light appearance).
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

    /// Titles or segments changed: redraw, and tell Auto Layout the size may have changed (the
    /// frame is otherwise the app's to set; `sizeToFit()` fits it).
    private func contentChanged() {
        setNeedsDisplay()
        invalidateIntrinsicContentSize()
    }

    // MARK: Title attributes (UIKit's)

    /// Sets the titles' font (`.font`, a `Font`) and colour (`.foregroundColor`, a `Color`) in
    /// `state` (`.normal`, `.selected`, `.highlighted`, `.disabled`); nil removes them. A state
    /// without attributes uses `.normal`'s, and without those the defaults (13 pt, semibold when
    /// selected; `Color.label`, grey when disabled). Values of other types are ignored. The
    /// control's size (`sizeThatFits`, `intrinsicContentSize`) follows the largest font.
    public func setTitleTextAttributes(_ attributes: [StringAttributeKey: Any]?, for state: ControlState) {
        titleAttributes[state.rawValue] = attributes
        contentChanged()
    }

    /// The attributes set for `state` with `setTitleTextAttributes(_:for:)` (nil when none).
    public func titleTextAttributes(for state: ControlState) -> [StringAttributeKey: Any]? {
        titleAttributes[state.rawValue]
    }

    /// The font a title is drawn with in `state`: the exact state's, else (selected) the
    /// `.selected` attributes', else `.normal`'s (semibold when selected, as UIKit's default
    /// selected title), else 13 pt (semibold when selected).
    func titleFont(for state: ControlState) -> Font {
        if let font = titleAttributes[state.rawValue]?[.font] as? Font { return font }
        let isSelected = state.contains(.selected)
        if isSelected, let font = titleAttributes[ControlState.selected.rawValue]?[.font] as? Font { return font }
        if let font = titleAttributes[ControlState.normal.rawValue]?[.font] as? Font {
            return isSelected ? Font(familyName: font.familyName, size: font.pointSize, weight: .semibold) : font
        }
        return isSelected ? SegmentedControl.selectedTitleFont : SegmentedControl.titleFont
    }

    /// The colour a title is drawn with in `state`: the exact state's; disabled: the `.disabled`
    /// attributes', else grey; else (selected) the `.selected` attributes', else `.normal`'s, else
    /// `Color.label`.
    func titleColor(for state: ControlState) -> Color {
        if let color = titleAttributes[state.rawValue]?[.foregroundColor] as? Color { return color }
        if state.contains(.disabled) {
            return titleAttributes[ControlState.disabled.rawValue]?[.foregroundColor] as? Color ?? SegmentedControl.disabledTitleColor
        }
        if state.contains(.selected), let color = titleAttributes[ControlState.selected.rawValue]?[.foregroundColor] as? Color { return color }
        return titleAttributes[ControlState.normal.rawValue]?[.foregroundColor] as? Color ?? .label
    }

    /// The state a segment's title is drawn in.
    private func titleState(ofSegment index: Int) -> ControlState {
        var state: ControlState = []
        if index == selected { state.insert(.selected) }
        if index == highlightedSegmentIndex { state.insert(.highlighted) }
        if !segments[index].isEnabled { state.insert(.disabled) }
        return state
    }

    // MARK: Geometry

    /// The rectangle of segment `index` in the control's coordinates (equal widths). Segments
    /// run from the leading edge: right to left in right-to-left layout, as UIKit's do.
    public func rectForSegment(at index: Int) -> Rect {
        guard !segments.isEmpty else { return .zero }
        let w = bounds.width / Double(segments.count)
        return Rect(x: bounds.minX + Double(visualPosition(of: index)) * w, y: bounds.minY, width: w, height: bounds.height)
    }

    /// Where segment `index` sits counted from the left (its own index in left-to-right layout,
    /// counted from the right in right-to-left); the mapping is its own inverse.
    private func visualPosition(of index: Int) -> Int {
        effectiveUserInterfaceLayoutDirection == .rightToLeft ? segments.count - 1 - index : index
    }

    /// The segment at `x` (clamped to the bounds).
    private func segmentIndex(atX x: Double) -> Int? {
        guard !segments.isEmpty, bounds.width > 0 else { return nil }
        let fraction = (x - bounds.minX) / bounds.width
        return visualPosition(of: Int.clamped(fraction * Double(segments.count), rounding: .down, to: 0...(segments.count - 1)))
    }

    /// Every segment as wide as the widest title (in the wider of the normal and selected fonts)
    /// plus `segmentPadding` on each side; 32 pt high (UIKit's), or the tallest font's line plus
    /// 8 pt above and below when that is more.
    /// - Complexity: O(total title length).
    open override func sizeThatFits(_ size: Size) -> Size {
        let fonts = [titleFont(for: .normal), titleFont(for: .selected)]
        var widest = 0.0
        for segment in segments {
            guard let title = segment.title, !title.isEmpty else { continue }
            for font in fonts {
                let measured = Drawing.textEngine.size(of: title, attributes: TextAttributes(font: font, numberOfLines: 1), width: nil)
                widest = max(widest, measured.width.rounded(.up))
            }
        }
        let line = fonts.map { Drawing.textEngine.lineHeight(of: $0) }.max() ?? 0
        let height = max(SegmentedControl.defaultHeight, (line + 16).rounded(.up))
        return Size(width: Double(segments.count) * (widest + 2 * SegmentedControl.segmentPadding), height: height)
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
        context.setFillColor(SegmentedControl.separatorColor)
        for i in segments.indices.dropFirst() where i != selected && i - 1 != selected {
            let segment = rectForSegment(at: i)
            let x = effectiveUserInterfaceLayoutDirection == .rightToLeft ? segment.maxX : segment.minX
            context.fill(Rect(x: (x - 0.5).rounded(), y: bounds.minY + 8, width: 1, height: max(0, bounds.height - 16)))
        }
        if segments.indices.contains(selected) {
            let inset = SegmentedControl.selectionInset
            let pill = rectForSegment(at: selected).insetBy(dx: inset, dy: inset)
            context.setFillColor(Color(red: 0, green: 0, blue: 0, alpha: 0.06))
            context.fill(BezierPath(roundedRect: pill.insetBy(dx: -0.5, dy: -0.5).offsetBy(dx: 0, dy: 0.5), cornerRadius: radius - inset + 0.5))
            let fill = (selectedSegmentTintColor ?? SegmentedControl.defaultSelectedSegmentTintColor).resolvedColor(with: context.traitCollection)
            let dimmed =
                highlightedSegmentIndex == selected ? Color(red: fill.red * 0.93, green: fill.green * 0.93, blue: fill.blue * 0.93, alpha: fill.alpha) : fill
            context.setFillColor(dimmed)
            context.fill(BezierPath(roundedRect: pill, cornerRadius: radius - inset))
        }
        for (i, segment) in segments.enumerated() {
            guard let title = segment.title, !title.isEmpty else { continue }
            let state = titleState(ofSegment: i)
            let font = titleFont(for: state)
            let color = titleColor(for: state)
            let attributes = TextAttributes(font: font, color: color, alignment: .center, lineBreakMode: .byTruncatingTail, numberOfLines: 1)
            let r = rectForSegment(at: i).insetBy(dx: 4, dy: 0)
            let height = Drawing.textEngine.size(of: title, attributes: attributes, width: r.width).height
            context.draw(title, in: Rect(x: r.minX, y: (r.midY - height / 2).rounded(), width: r.width, height: height), attributes: attributes)
        }
        if !isEnabled { context.endTransparencyLayer() }
    }
}
