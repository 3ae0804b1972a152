import CCairo
import ResponderKit

extension Renderer {
    /// Draws `view` and its subtree. `matrix` maps the superview's coordinates to device pixels
    /// and `area` is the repaint area's bounding box in the superview's coordinates (for the
    /// window itself: its own). Every Cairo call sets its matrix explicitly
    /// (`cairo_set_matrix`), so no save/restore is needed per view, only around clips.
    ///
    /// A view with animations in flight is drawn as its `presentation` (centre, bounds, transform,
    /// alpha, background as interpolated at the last tick); its subviews sit in its drawn bounds,
    /// and while its bounds size differs from the model's, the content its `draw(_:)` makes for
    /// the model bounds is stretched onto the drawn bounds (UIView's default content mode,
    /// scale-to-fill, as Core Animation shows it). A still view costs one flag test.
    ///
    /// `style` is the light or dark appearance the superview draws with (for a window: its
    /// `traitCollection`'s); the view's own override (`userInterfaceStyle(inheriting:)`) is
    /// applied here and passed on, and every dynamic colour — background, border, what
    /// `draw(_:)` hands the `GraphicsContext` — is resolved with it now, at draw time.
    /// - Complexity: O(views in the subtree that can reach `area`), plus the pixels they cover.
    func draw(_ view: View, matrix parentMatrix: AffineTransform, area parentArea: Rect, isRoot: Bool, style inheritedStyle: UserInterfaceStyle) {
        statistics.viewsVisited += 1
        guard !view.isDrawnHidden, let cr = cairo else { return }
        let presented: ViewPresentation? = view.hasAnimations ? view.presentation : nil
        let alpha = presented?.alpha ?? view.alpha
        guard alpha >= 0.01 else { return }
        let bounds = presented?.bounds ?? view.bounds
        guard bounds.minX.isFinite, bounds.minY.isFinite, bounds.width.isFinite, bounds.height.isFinite else { return }

        // Bounds coordinates → superview coordinates, exactly as convertToSuperview maps points.
        // The area comes first, so culled views cost no matrix arithmetic.
        let matrix: AffineTransform
        let area: Rect
        var local = AffineTransform.identity
        var translation: (dx: Double, dy: Double)?
        if isRoot {
            area = parentArea
        } else {
            let center = presented?.center ?? view.center
            let transform = presented?.transform ?? view.transform
            guard center.x.isFinite, center.y.isFinite else { return }
            if transform.isIdentity {
                let dx = center.x - bounds.width / 2 - bounds.minX, dy = center.y - bounds.height / 2 - bounds.minY
                translation = (dx, dy)
                area = parentArea.offsetBy(dx: -dx, dy: -dy)
            } else {
                guard transform.isUsableByCairo else { return }
                local = AffineTransform(translationX: -(bounds.minX + bounds.width / 2), y: -(bounds.minY + bounds.height / 2))
                    .concatenating(transform)
                    .concatenating(AffineTransform(translationX: center.x, y: center.y))
                guard local.isUsableByCairo else { return }
                area = parentArea.applying(local.inverted())
            }
        }

        // Cull: the view's own drawing stays inside its bounds; its subviews may not.
        let own = area.intersection(bounds)
        let clips = view.clipsToBounds
        let subviews = view.subviews
        if own.isEmpty && (clips || subviews.isEmpty) { return }
        // A view that does not clip: cull it when its whole subtree's extent misses the area
        // (cached per view, so a long list's off-screen rows cost one test each, not a walk).
        if own.isEmpty, presented == nil, let extent = view.drawingExtent, !extent.intersects(area) { return }

        if isRoot {
            matrix = parentMatrix
        } else if let (dx, dy) = translation {
            let p = parentMatrix
            matrix = AffineTransform(a: p.a, b: p.b, c: p.c, d: p.d, tx: p.tx + dx * p.a + dy * p.c, ty: p.ty + dx * p.b + dy * p.d)
            guard matrix.tx.isFinite, matrix.ty.isFinite else { return }
        } else {
            matrix = local.concatenating(parentMatrix)
            guard matrix.isUsableByCairo else { return }
        }

        let layer = view.layerIfLoaded
        let style = view.userInterfaceStyle(inheriting: inheritedStyle)
        let traits = TraitCollection(userInterfaceStyle: style)
        // The outline paths follow. Cairo's fixed point overflows on huge coordinates: a view
        // too large for it is drawn as its part inside the repaint area, with square corners.
        let drawable = isDrawableExtent(bounds)
        let shape = drawable ? bounds : own
        let cornerRadius = drawable ? (layer.map { $0.cornerRadius.isFinite ? max(0, $0.cornerRadius) : 0 } ?? 0) : 0
        var cairoMatrix = matrix.cairoMatrix
        let grouped = alpha < 1
        var clipOpen = false
        if grouped {
            statistics.groups += 1
            if clips {
                // Clip first: the group is then only as large as the view.
                cairo_save(cr)
                cairo_set_matrix(cr, &cairoMatrix)
                addRoundedRect(cr, shape, cornerRadius: cornerRadius)
                cairo_clip(cr)
                clipOpen = true
            }
            cairo_push_group(cr)
        }

        if !own.isEmpty {
            statistics.viewsDrawn += 1
            let backgroundColor = (presented.map { $0.backgroundColor } ?? view.backgroundColor)?.resolvedColor(with: traits)
            if let background = backgroundColor, background.alpha > 0, !(isRoot && rootBackgroundPainted) {
                cairo_set_matrix(cr, &cairoMatrix)
                setSource(cr, background)
                if cornerRadius > 0 {
                    addRoundedRect(cr, bounds, cornerRadius: cornerRadius)
                } else {
                    cairo_rectangle(cr, own.minX, own.minY, own.width, own.height)
                }
                cairo_fill(cr)
            }
            if let canvas = canvas {
                if presented != nil, let stretch = contentStretch(model: view.bounds, drawn: bounds) {
                    var stretched = stretch.concatenating(matrix).cairoMatrix
                    cairo_set_matrix(cr, &stretched)
                    let back = stretch.inverted()
                    canvas.beginView(clip: shape.applying(back), cornerRadius: clips ? cornerRadius : 0)
                    GraphicsContext(canvas: canvas, traitCollection: traits).makeCurrent { view.draw(own.applying(back)) }
                } else {
                    cairo_set_matrix(cr, &cairoMatrix)
                    canvas.beginView(clip: shape, cornerRadius: clips ? cornerRadius : 0)
                    GraphicsContext(canvas: canvas, traitCollection: traits).makeCurrent { view.draw(own) }
                }
                canvas.endView()
            }
            view.didDisplay()
        }

        if !subviews.isEmpty {
            let subArea = clips ? own : area
            if !subArea.isEmpty {
                let needsClip = clips && !clipOpen
                if needsClip {
                    cairo_save(cr)
                    cairo_set_matrix(cr, &cairoMatrix)
                    addRoundedRect(cr, shape, cornerRadius: cornerRadius)
                    cairo_clip(cr)
                }
                for subview in subviews { draw(subview, matrix: matrix, area: subArea, isRoot: false, style: style) }
                if needsClip { cairo_restore(cr) }
            }
        }

        if !own.isEmpty, let layer, layer.borderWidth > 0, layer.borderWidth.isFinite, let color = layer.borderColor?.resolvedColor(with: traits),
            color.alpha > 0
        {
            // Inside the bounds: the ring between the outline and the outline inset by the width,
            // whose corners are rounded by what is left of the radius (Core Animation's border).
            let width = layer.borderWidth
            let reach = own.insetBy(dx: -1, dy: -1)
            let outer = drawable ? bounds : bounds.intersection(reach)
            var inner = bounds.insetBy(dx: width, dy: width)
            if !drawable, inner.width > 0, inner.height > 0 { inner = inner.intersection(reach) }
            cairo_set_matrix(cr, &cairoMatrix)
            setSource(cr, color)
            addRoundedRect(cr, outer, cornerRadius: cornerRadius)
            if inner.width > 0 && inner.height > 0 && !inner.isNull { addRoundedRect(cr, inner, cornerRadius: max(0, cornerRadius - width)) }
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            cairo_fill(cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        }
        finish(cr, grouped: grouped, alpha: alpha, clipOpen: clipOpen)
    }

    /// The map from the model bounds to the drawn bounds while they differ in size (an animated
    /// bounds or frame): nil when they agree or either is degenerate (the content is then drawn
    /// unscaled).
    private func contentStretch(model: Rect, drawn: Rect) -> AffineTransform? {
        guard model.size != drawn.size, model.width > 0, model.height > 0, drawn.width > 0, drawn.height > 0,
            model.width.isFinite, model.height.isFinite
        else { return nil }
        let sx = drawn.width / model.width, sy = drawn.height / model.height
        let map = AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: drawn.minX - model.minX * sx, ty: drawn.minY - model.minY * sy)
        return map.isUsableByCairo ? map : nil
    }

    /// Composites the view's group and closes its clip.
    private func finish(_ cr: OpaquePointer, grouped: Bool, alpha: Double, clipOpen: Bool) {
        if grouped {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, alpha.clamped01)
        }
        if clipOpen { cairo_restore(cr) }
    }

    /// A rectangle Cairo can take as a path (its fixed point overflows on huge values; the
    /// parts of such a view that are on screen are still drawn, as rectangles cut to the area).
    private func isDrawableExtent(_ rect: Rect) -> Bool {
        abs(rect.minX) <= cairoCoordinateLimit && abs(rect.maxX) <= cairoCoordinateLimit
            && abs(rect.minY) <= cairoCoordinateLimit && abs(rect.maxY) <= cairoCoordinateLimit
    }
}
