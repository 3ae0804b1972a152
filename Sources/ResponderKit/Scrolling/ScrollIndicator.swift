/// One of a scroll view's indicator bars (UIKit's `_UIScrollViewScrollIndicator`): a rounded
/// translucent bar the scroll view places along its trailing or bottom edge, sized to the
/// visible share of the content. It takes no touches (`isUserInteractionEnabled` false), so hit
/// testing never returns it.
@MainActor
final class ScrollIndicator: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    override class var standardHitTestingClass: View.Type { ScrollIndicator.self }

    static let thickness = 3.0
    /// Distance from the scroll view's edges.
    static let inset = 3.0
    /// The shortest bar within the content range (UIKit's 36 pt); overscroll shrinks it further.
    static let minimumLength = 36.0
    /// How long the fade-out takes once it starts.
    static let fadeDuration = 0.2

    init() {
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        backgroundColor = Color(white: 0, alpha: 0.45)
        layer.cornerRadius = ScrollIndicator.thickness / 2
        isHidden = true
    }

    /// The bar's offset and length along an axis: `visible` of `content` points visible, scrolled
    /// to `offset` in `lo…hi`, within `track` points of room.
    /// - Complexity: O(1).
    static func bar(visible: Double, content: Double, offset: Double, lo: Double, hi: Double, track: Double) -> (start: Double, length: Double) {
        guard content > 0, track > 0 else { return (0, 0) }
        var length = max(min(track, minimumLength), track * min(1, visible / content))
        let over = offset < lo ? lo - offset : (offset > hi ? offset - hi : 0)
        length = max(thickness * 2, length - over)
        let progress = hi > lo ? min(1, max(0, (offset - lo) / (hi - lo))) : 0
        return (progress * (track - length), length)
    }
}

extension ScrollView {
    /// Shows the indicators of the axes that scroll (scrolling started or continues).
    func showIndicators() {
        indicatorFadeStart = nil
        if showsVerticalScrollIndicator, scrollsVertically, bounds.height > 0 {
            reveal(vertical: true)
        } else {
            verticalIndicator?.isHidden = true
        }
        if showsHorizontalScrollIndicator, scrollsHorizontally, bounds.width > 0 {
            reveal(vertical: false)
        } else {
            horizontalIndicator?.isHidden = true
        }
        layoutIndicators()
    }

    /// Creates the bar on first use and keeps the bars above the content.
    private func reveal(vertical: Bool) {
        let bar: ScrollIndicator
        if let existing = vertical ? verticalIndicator : horizontalIndicator {
            bar = existing
        } else {
            bar = ScrollIndicator()
            if vertical { verticalIndicator = bar } else { horizontalIndicator = bar }
        }
        if bar.superview !== self || subviews.last !== bar && subviews.last !== otherIndicator(than: bar) {
            addSubview(bar)
        }
        bar.alpha = 1
        bar.isHidden = false
    }

    private func otherIndicator(than bar: ScrollIndicator) -> ScrollIndicator? {
        bar === verticalIndicator ? horizontalIndicator : verticalIndicator
    }

    /// Places visible indicators for the current offset (content coordinates, so they stay put
    /// on screen while the content moves).
    func layoutIndicators() {
        let b = bounds, lo = minimumOffset, hi = maximumOffset
        let inset = adjustedContentInset
        let both = verticalIndicator?.isHidden == false && horizontalIndicator?.isHidden == false
        let corner = both ? ScrollIndicator.thickness + ScrollIndicator.inset : 0
        if let bar = verticalIndicator, !bar.isHidden {
            let track = b.height - 2 * ScrollIndicator.inset - corner
            let (start, length) = ScrollIndicator.bar(
                visible: b.height, content: contentSize.height + inset.top + inset.bottom,
                offset: b.minY, lo: lo.y, hi: hi.y, track: track)
            bar.frame = Rect(
                x: b.maxX - ScrollIndicator.inset - ScrollIndicator.thickness, y: b.minY + ScrollIndicator.inset + start,
                width: ScrollIndicator.thickness, height: length)
        }
        if let bar = horizontalIndicator, !bar.isHidden {
            let track = b.width - 2 * ScrollIndicator.inset - corner
            let (start, length) = ScrollIndicator.bar(
                visible: b.width, content: contentSize.width + inset.left + inset.right,
                offset: b.minX, lo: lo.x, hi: hi.x, track: track)
            bar.frame = Rect(
                x: b.minX + ScrollIndicator.inset + start, y: b.maxY - ScrollIndicator.inset - ScrollIndicator.thickness,
                width: length, height: ScrollIndicator.thickness)
        }
    }

    /// Scrolling stopped at `now`: the indicators fade out after `indicatorFadeDelay`.
    func scrollingStopped(at now: Double) {
        guard verticalIndicator?.isHidden == false || horizontalIndicator?.isHidden == false else { return }
        indicatorFadeStart = now + ScrollView.indicatorFadeDelay
        window?.application.animator.addFrameClient(self)
    }

    /// Whether the indicators still need frames (waiting to fade, or fading).
    var indicatorsNeedFrames: Bool { indicatorFadeStart != nil }

    /// The fade's frame; returns whether more frames are needed.
    func stepIndicatorFade(now: Double) -> Bool {
        guard let start = indicatorFadeStart else { return false }
        if now < start { return true }
        let alpha = 1 - (now - start) / ScrollIndicator.fadeDuration
        for bar in [verticalIndicator, horizontalIndicator] {
            guard let bar, !bar.isHidden else { continue }
            if alpha <= 0 { bar.isHidden = true; bar.alpha = 1 } else { bar.alpha = alpha }
        }
        if alpha <= 0 { indicatorFadeStart = nil }
        return alpha > 0
    }
}
