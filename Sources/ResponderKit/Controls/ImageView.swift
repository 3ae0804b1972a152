extension View {
    /// How a view's content fills its bounds (UIKit's `UIView.ContentMode`, the modes an image
    /// view uses).
    public enum ContentMode: Sendable, Hashable {
        /// Stretched to the bounds (the aspect ratio may change).
        case scaleToFill
        /// As large as fits entirely, centred, the aspect ratio kept (letterboxed).
        case scaleAspectFit
        /// As small as covers the bounds, centred, the aspect ratio kept (the overflow is cut).
        case scaleAspectFill
        /// At its own size, centred.
        case center
    }
}

/// Shows an image (UIKit's `UIImageView`), placed per `contentMode` and drawn inside the bounds.
/// Like UIKit's it ignores touches by default (`isUserInteractionEnabled` is false).
@MainActor
open class ImageView: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    open override class var standardHitTestingClass: View.Type { ImageView.self }

    /// The image shown, scaled per `contentMode`.
    public var image: Image? { didSet { if oldValue !== image { setNeedsDisplay() } } }
    /// `.scaleToFill` by default, as UIKit's.
    public var contentMode: ContentMode = .scaleToFill { didSet { if oldValue != contentMode { setNeedsDisplay() } } }

    /// Makes an empty image view.
    public override init(frame: Rect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// An image view the size of `image` (UIKit's `init(image:)`).
    public convenience init(image: Image?) {
        self.init(frame: Rect(origin: .zero, size: image?.size ?? Size(width: 0, height: 0)))
        self.image = image
    }

    /// Where the image is drawn for `contentMode`, in bounds coordinates (Rect.null without an
    /// image or room).
    /// - Complexity: O(1).
    public var imageRect: Rect {
        guard let image else { return .null }
        let b = bounds
        let size = image.size
        guard size.width > 0, size.height > 0 else { return .null }
        switch contentMode {
        case .scaleToFill:
            return b
        case .center:
            return Rect(x: b.midX - size.width / 2, y: b.midY - size.height / 2, width: size.width, height: size.height)
        case .scaleAspectFit, .scaleAspectFill:
            let sx = b.width / size.width, sy = b.height / size.height
            let s = contentMode == .scaleAspectFit ? min(sx, sy) : max(sx, sy)
            guard s.isFinite, s > 0 else { return .null }
            let w = size.width * s, h = size.height * s
            return Rect(x: b.midX - w / 2, y: b.midY - h / 2, width: w, height: h)
        }
    }

    open override func draw(_ rect: Rect) {
        guard let image, let context = GraphicsContext.current else { return }
        let target = imageRect
        guard !target.isEmpty else { return }
        context.saveGState()
        context.clip(to: bounds)
        context.draw(image, in: target)
        context.restoreGState()
    }

    /// The image's size in points (UIKit's); no intrinsic size without an image.
    open override var intrinsicContentSize: Size {
        image?.size ?? Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    }

    open override func sizeThatFits(_ size: Size) -> Size { image?.size ?? bounds.size }
}
