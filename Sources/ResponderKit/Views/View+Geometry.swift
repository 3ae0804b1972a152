extension View {
    /// The view's own coordinate space: origin shifts the content (scrolling), size is its extent.
    public var bounds: Rect {
        get { boundsStorage }
        set {
            let newValue = newValue.standardized
            guard newValue != boundsStorage else { return }
            damageDrawnArea()
            animatableWillChange(.bounds)
            let oldSize = boundsStorage.size
            let oldOrigin = boundsStorage.origin
            if newValue.size != oldSize {
                // UIKit keeps the centre fixed when the bounds size changes.
                let c = center
                frameOrigin = Point(x: c.x - newValue.width / 2, y: c.y - newValue.height / 2)
            }
            boundsStorage = newValue
            if newValue.origin != oldOrigin { hitBoundsOriginChanged() }
            if newValue.size != oldSize { hitGeometryChanged() }
            if newValue.size != oldSize { setNeedsLayout() }
            if newValue.size != oldSize { resizeSubviewsWithAutoresizingMasks(from: oldSize) }
            damageDrawnArea()
        }
    }

    /// The view's position in its superview: the bounding box of its transformed bounds.
    public var frame: Rect {
        get {
            let size = boundsStorage.size
            if transformStorage.isIdentity { return Rect(origin: frameOrigin, size: size) }
            let c = center
            return Rect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height)
                .applying(transformStorage).offsetBy(dx: c.x, dy: c.y)
        }
        set {
            let r = newValue.standardized
            guard r != frame else { return }
            damageDrawnArea()
            let sizeChanged = r.size != boundsStorage.size
            // As in UIKit the frame of a transformed view is a derived box: only its centre moves.
            let newOrigin =
                transformStorage.isIdentity
                ? r.origin
                : Point(x: r.midX - boundsStorage.width / 2, y: r.midY - boundsStorage.height / 2)
            let newSize = sizeChanged && transformStorage.isIdentity ? r.size : boundsStorage.size
            // A frame is a centre and a bounds size (Core Animation's position and bounds).
            let oldCenter = center
            if newOrigin.x + newSize.width / 2 != oldCenter.x || newOrigin.y + newSize.height / 2 != oldCenter.y {
                animatableWillChange(.center)
            }
            if newSize != boundsStorage.size { animatableWillChange(.bounds) }
            frameOrigin = newOrigin
            if sizeChanged && transformStorage.isIdentity {
                let oldSize = boundsStorage.size
                boundsStorage.size = r.size
                setNeedsLayout()
                resizeSubviewsWithAutoresizingMasks(from: oldSize)
            }
            hitGeometryChanged()
            damageDrawnArea()
        }
    }

    /// The centre of the view in its superview's coordinates.
    public var center: Point {
        get { Point(x: frameOrigin.x + boundsStorage.width / 2, y: frameOrigin.y + boundsStorage.height / 2) }
        set {
            guard newValue != center else { return }
            damageDrawnArea()
            animatableWillChange(.center)
            frameOrigin = Point(x: newValue.x - boundsStorage.width / 2, y: newValue.y - boundsStorage.height / 2)
            hitGeometryChanged()
            damageDrawnArea()
        }
    }

    /// Applied about the centre, as UIKit does with the default anchor point.
    public var transform: AffineTransform {
        get { transformStorage }
        set {
            guard newValue != transformStorage else { return }
            damageDrawnArea()
            animatableWillChange(.transform)
            transformStorage = newValue
            inverseTransform = newValue.inverted()
            hitGeometryChanged()
            damageDrawnArea()
        }
    }

    // MARK: One step up or down

    /// Maps a point from this view's bounds coordinates to its superview's.
    /// - Complexity: O(1).
    @inline(__always)
    func convertToSuperview(_ p: Point) -> Point {
        let b = boundsStorage
        if transformStorage.isIdentity {
            return Point(x: frameOrigin.x + (p.x - b.origin.x), y: frameOrigin.y + (p.y - b.origin.y))
        }
        let v = Point(x: p.x - b.origin.x - b.width / 2, y: p.y - b.origin.y - b.height / 2).applying(transformStorage)
        return Point(x: v.x + frameOrigin.x + b.width / 2, y: v.y + frameOrigin.y + b.height / 2)
    }

    /// Maps a point from the superview's coordinates into this view's bounds coordinates. A
    /// singular transform (scale 0) maps every point to NaN, which no view contains.
    /// - Complexity: O(1).
    @inline(__always)
    func convertFromSuperview(_ p: Point) -> Point {
        let b = boundsStorage
        if transformStorage.isIdentity {
            return Point(x: p.x - frameOrigin.x + b.origin.x, y: p.y - frameOrigin.y + b.origin.y)
        }
        guard transformStorage.isInvertible else { return Point(x: .nan, y: .nan) }
        let v = Point(x: p.x - frameOrigin.x - b.width / 2, y: p.y - frameOrigin.y - b.height / 2).applying(inverseTransform)
        return Point(x: v.x + b.width / 2 + b.origin.x, y: v.y + b.height / 2 + b.origin.y)
    }

    /// The topmost ancestor (a window for views on screen).
    var rootView: View {
        var v = self
        while let s = v.superview { v = s }
        return v
    }

    /// From this view's coordinates to its root view's coordinates.
    func convertToRoot(_ p: Point) -> Point {
        var p = p, v = self
        while let s = v.superview { p = v.convertToSuperview(p); v = s }
        return p
    }

    /// From the root view's coordinates to this view's coordinates.
    func convertFromRoot(_ p: Point) -> Point {
        guard let s = superview else { return p }
        return convertFromSuperview(s.convertFromRoot(p))
    }

    /// Converts between two root spaces; windows are placed on the screen by their frames.
    private static func rootToRoot(_ p: Point, from a: View, to b: View) -> Point {
        if a === b { return p }
        guard a is Window, b is Window else { return p }
        return b.convertFromSuperview(a.convertToSuperview(p))
    }

    // MARK: Public conversion (UIKit's)

    /// Converts a point from this view's coordinates to `view`'s (to the window's when nil).
    public func convert(_ point: Point, to view: View?) -> Point {
        let myRoot = rootView
        let inRoot = convertToRoot(point)
        guard let view else { return inRoot }
        let theirRoot = view.rootView
        return view.convertFromRoot(View.rootToRoot(inRoot, from: myRoot, to: theirRoot))
    }

    /// Converts a point from `view`'s coordinates (the window's when nil) to this view's.
    public func convert(_ point: Point, from view: View?) -> Point {
        guard let view else { return convertFromRoot(point) }
        return view.convert(point, to: self)
    }

    /// Converts a rectangle from this view's coordinates to `view`'s: the bounding box of its
    /// converted corners.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        let r = rect.standardized
        let corners = [
            Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY),
            Point(x: r.minX, y: r.maxY), Point(x: r.maxX, y: r.maxY)
        ].map { convert($0, to: view) }
        let x0 = corners.map(\.x).min()!, y0 = corners.map(\.y).min()!
        return Rect(x: x0, y: y0, width: corners.map(\.x).max()! - x0, height: corners.map(\.y).max()! - y0)
    }

    /// Converts a rectangle from `view`'s coordinates (the window's when nil) to this view's.
    public func convert(_ rect: Rect, from view: View?) -> Rect {
        guard let view else {
            let r = rect.standardized
            let corners = [
                Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY),
                Point(x: r.minX, y: r.maxY), Point(x: r.maxX, y: r.maxY)
            ].map { convertFromRoot($0) }
            let x0 = corners.map(\.x).min()!, y0 = corners.map(\.y).min()!
            return Rect(x: x0, y: y0, width: corners.map(\.x).max()! - x0, height: corners.map(\.y).max()! - y0)
        }
        return view.convert(rect, to: self)
    }
}
