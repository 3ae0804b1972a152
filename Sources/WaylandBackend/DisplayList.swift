import ResponderKit

/// What a window's buffer shows, as a flat list of filled rectangles in buffer pixels, back to
/// front: the window's background, then each visible view's `backgroundColor` (a simple software
/// stand-in until the Cairo renderer draws views). Comparing two lists gives the damage.
struct DisplayList: Equatable {
    struct Item: Equatable {
        var rect: PixelRect
        /// Premultiplied ARGB8888 (`WL_SHM_FORMAT_ARGB8888`).
        var color: UInt32
    }

    var width: Int
    var height: Int
    var items: [Item]

    /// Walks `window`'s tree: hidden views and views with alpha < 0.01 draw nothing (nor do their
    /// subviews); alpha multiplies down the tree; `clipsToBounds` clips the subviews; rects are the
    /// views' bounds in window coordinates (offsets added down the tree; the bounding box from
    /// `convert(_:to:)` under transformed views).
    /// - Complexity: O(views).
    @MainActor
    init(window: Window, scale: Int) {
        let size = window.bounds.size
        width = max(1, Int((size.width * Double(scale)).rounded()))
        height = max(1, Int((size.height * Double(scale)).rounded()))
        let full = PixelRect(x: 0, y: 0, width: width, height: height)
        // The window's background over opaque black: the buffer is always fully opaque.
        items = [Item(rect: full, color: 0xFF00_0000)]
        if let color = window.backgroundColor, color.alpha > 0 {
            append(Item(rect: full, color: Self.premultiplied(color, alpha: 1)))
        }
        let origin = Point(x: -window.bounds.minX, y: -window.bounds.minY)
        for subview in window.subviews { add(subview, in: window, origin: origin, clip: full, alpha: 1, scale: scale) }
    }

    @MainActor
    /// `origin` is where the superview's bounds coordinates start in the window (nil under a
    /// transformed ancestor: then each rect comes from `convert(_:to:)`).
    private mutating func add(_ view: View, in window: Window, origin: Point?, clip: PixelRect, alpha: Double, scale: Int) {
        guard !view.isHidden, view.alpha >= 0.01 else { return }
        let opacity = alpha * min(1, view.alpha)
        let frame = view.frame
        let bounds = view.bounds
        let plain = origin != nil && view.transform.isIdentity
        let inWindow = plain ? frame.offsetBy(dx: origin!.x, dy: origin!.y) : view.convert(bounds, to: window)
        let rect = PixelRect(inWindow, scale: scale)
        if let color = view.backgroundColor, color.alpha * opacity > 0 {
            let visible = rect.intersection(clip)
            if !visible.isEmpty { append(Item(rect: visible, color: Self.premultiplied(color, alpha: opacity))) }
        }
        let childClip = view.clipsToBounds ? rect.intersection(clip) : clip
        if childClip.isEmpty { return }
        let childOrigin = plain ? Point(x: inWindow.minX - bounds.minX, y: inWindow.minY - bounds.minY) : nil
        for subview in view.subviews { add(subview, in: window, origin: childOrigin, clip: childClip, alpha: opacity, scale: scale) }
    }

    /// Adds an item; an opaque one covering the whole buffer hides everything before it.
    private mutating func append(_ item: Item) {
        if item.color >> 24 == 255, item.rect == PixelRect(x: 0, y: 0, width: width, height: height) { items.removeAll() }
        items.append(item)
    }

    /// The regions whose pixels differ between `old` and this list (nil `old`, or another size:
    /// everything). Items that differ at the same position, and items only one list has, count
    /// with both their old and new rects; items above a change are repainted within it.
    /// - Complexity: O(items).
    func changes(since old: DisplayList?) -> [PixelRect] {
        let full = PixelRect(x: 0, y: 0, width: width, height: height)
        guard let old, old.width == width, old.height == height else { return [full] }
        var rects: [PixelRect] = []
        for i in 0..<max(items.count, old.items.count) {
            let a = i < old.items.count ? old.items[i] : nil
            let b = i < items.count ? items[i] : nil
            if a == b { continue }
            if let a { rects.append(a.rect) }
            if let b { rects.append(b.rect) }
        }
        // Many small rects cost the compositor more than one box around them.
        if rects.count > 16 { return [rects.reduce(PixelRect.empty) { $0.union($1) }] }
        return rects
    }

    static func premultiplied(_ color: Color, alpha: Double) -> UInt32 {
        func unit(_ v: Double) -> Double { v.isFinite ? min(1, max(0, v)) : 0 }
        let a = unit(color.alpha) * unit(alpha)
        func byte(_ v: Double) -> UInt32 { UInt32((v * 255).rounded()) }
        return byte(a) << 24 | byte(unit(color.red) * a) << 16 | byte(unit(color.green) * a) << 8 | byte(unit(color.blue) * a)
    }
}
