/// The edit menu on screen: a transparent view over the whole window holding a dark rounded bar
/// of item titles separated by thin lines (UIKit's callout bar), one item highlighted while a
/// finger is on it or the arrow keys moved to it. Made and removed by `EditMenuInteraction`.
///
/// Covering the window is what makes a touch outside the bar dismiss the menu without reaching the
/// views behind (UIKit swallows that touch too). The view stays in the window, invisible and no
/// longer hit, until the touches it tracks end, so they end here rather than being cancelled.
@MainActor
public final class EditMenuView: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    public override class var standardHitTestingClass: View.Type { EditMenuView.self }

    /// The bar's height, its corner radius, the padding around each title, the gap to the target
    /// and the smallest distance to the window's edges (points).
    public static let barHeight = 36.0
    /// The corner radius of the menu bar.
    public static let cornerRadius = 8.0
    /// Horizontal padding around each item's title.
    public static let itemPadding = 12.0
    /// The gap between the menu and the point or rectangle it points at.
    public static let targetGap = 8.0
    /// The minimum distance between the menu and the window's edges.
    public static let edgeMargin = 8.0
    /// The menu bar's colour.
    public static let barColor = Color(white: 0.17)
    /// The colour of the item under the finger.
    public static let highlightColor = Color(white: 0.38)
    /// The colour of the lines between items.
    public static let separatorColor = Color(white: 0.42)
    /// The items' font.
    public static let titleFont = Font.systemFont(ofSize: 15)

    /// The items, left to right.
    public let items: [EditMenuItem]
    /// The item under the finger or chosen with the arrow keys, if any.
    public private(set) var highlightedIndex: Int? { didSet { if oldValue != highlightedIndex { setNeedsDisplay() } } }
    /// The bar, in this view's (= the window's) coordinates.
    public private(set) var barFrame: Rect = .zero
    /// Each item's rectangle in this view's coordinates.
    public private(set) var itemFrames: [Rect] = []
    /// True when there was no room above the target, so the bar sits below it.
    public private(set) var isBelowTarget = false

    weak var interaction: EditMenuInteraction?
    /// Dismissed: draws nothing, takes no new touches, leaves when its touches end.
    private(set) var isRetired = false
    private var trackedTouches: Set<Touch> = []

    init(items: [EditMenuItem], interaction: EditMenuInteraction) {
        self.items = items
        self.interaction = interaction
        super.init(frame: .zero)
    }

    /// The live menu shown in `window`, if any.
    static func presented(in window: Window) -> EditMenuView? {
        for view in window.subviews.reversed() {
            if let menu = view as? EditMenuView, !menu.isRetired { return menu }
        }
        return nil
    }

    // MARK: Layout

    /// Sizes the items to their titles and places the bar centred over `target` (this view's
    /// coordinates), above it, or below when the space above is too small, inside the edges.
    func layoutBar(around target: Rect) {
        let engine = Drawing.textEngine
        let attributes = titleAttributes
        let widths = items.map { (engine.size(of: $0.title, attributes: attributes, width: nil).width + 2 * Self.itemPadding).rounded(.up) }
        let width = widths.reduce(0, +) + Double(max(0, items.count - 1))
        let height = Self.barHeight
        // A bar wider than the window less its margins is centred in the window instead.
        let sideMargin = min(Self.edgeMargin, max(0, (bounds.width - width) / 2))
        let margin = Self.edgeMargin
        let x = max(sideMargin, min(target.midX - width / 2, bounds.width - sideMargin - width)).rounded()
        var y = target.minY - Self.targetGap - height
        isBelowTarget = y < margin
        if isBelowTarget { y = min(target.maxY + Self.targetGap, bounds.height - margin - height) }
        y = max(margin, y).rounded()
        barFrame = Rect(x: x, y: y, width: width, height: height)
        var left = x
        itemFrames = widths.map { w in
            defer { left += w + 1 }
            return Rect(x: left, y: y, width: w, height: height)
        }
        setNeedsDisplay()
    }

    private var titleAttributes: TextAttributes {
        TextAttributes(font: Self.titleFont, color: .white, alignment: .center, lineBreakMode: .byClipping, numberOfLines: 1)
    }

    /// The item at `point` (this view's coordinates).
    public func itemIndex(at point: Point) -> Int? {
        itemFrames.firstIndex { $0.contains(point) }
    }

    // MARK: Drawing

    public override func draw(_ rect: Rect) {
        guard !isRetired, let context = GraphicsContext.current, !items.isEmpty else { return }
        let bar = BezierPath(roundedRect: barFrame, cornerRadius: Self.cornerRadius)
        context.saveGState()
        context.setFillColor(Self.barColor)
        context.fill(bar)
        context.clip(to: bar)
        if let highlighted = highlightedIndex, itemFrames.indices.contains(highlighted) {
            context.setFillColor(Self.highlightColor)
            context.fill(itemFrames[highlighted])
        }
        context.setFillColor(Self.separatorColor)
        for frame in itemFrames.dropLast() {
            context.fill(Rect(x: frame.maxX, y: barFrame.minY + 8, width: 1, height: barFrame.height - 16))
        }
        let attributes = titleAttributes
        let lineHeight = Drawing.textEngine.lineHeight(of: Self.titleFont)
        for (item, frame) in zip(items, itemFrames) {
            let top = (frame.minY + (frame.height - lineHeight) / 2).rounded()
            context.draw(item.title, in: Rect(x: frame.minX, y: top, width: frame.width, height: lineHeight), attributes: attributes)
        }
        context.restoreGState()
    }

    // MARK: Touches and clicks

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches where touch.view === self { trackedTouches.insert(touch) }
        guard !isRetired, let touch = touches.first(where: { $0.view === self }) else { return }
        if let index = itemIndex(at: touch.location(in: self)) {
            highlightedIndex = index
        } else {
            interaction?.dismissMenu()
        }
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard !isRetired, let touch = touches.first(where: { trackedTouches.contains($0) }) else { return }
        highlightedIndex = itemIndex(at: touch.location(in: self))
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        let lifted = touches.filter { trackedTouches.contains($0) }
        trackedTouches.subtract(lifted)
        if !isRetired, let touch = lifted.first, let index = itemIndex(at: touch.location(in: self)), index == highlightedIndex {
            interaction?.choose(items[index])
        }
        leaveIfDone()
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        trackedTouches.subtract(touches)
        highlightedIndex = nil
        leaveIfDone()
    }

    // MARK: Keys (the window hands them here first while the menu shows)

    /// Arrow keys move the highlight (wrapping), Return chooses the highlighted item, Escape
    /// dismisses; true when the key was used.
    func handleKey(_ key: Key) -> Bool {
        guard !isRetired, !items.isEmpty else { return false }
        switch key.keyCode {
        case KeyCode.right, KeyCode.down:
            highlightedIndex = highlightedIndex.map { ($0 + 1) % items.count } ?? 0
        case KeyCode.left, KeyCode.up:
            highlightedIndex = highlightedIndex.map { ($0 + items.count - 1) % items.count } ?? items.count - 1
        case KeyCode.enter, KeyCode.keypadEnter:
            if let index = highlightedIndex { interaction?.choose(items[index]) } else { interaction?.dismissMenu() }
        case KeyCode.escape:
            interaction?.dismissMenu()
        default:
            return false
        }
        return true
    }

    // MARK: Leaving

    /// Dismissed: stop drawing and taking touches; leave the window now or when the last
    /// tracked touch ends.
    func retire() {
        guard !isRetired else { return }
        isRetired = true
        highlightedIndex = nil
        isUserInteractionEnabled = false
        setNeedsDisplay()
        leaveIfDone()
    }

    private func leaveIfDone() {
        if isRetired, trackedTouches.isEmpty, superview != nil { removeFromSuperview() }
    }
}
