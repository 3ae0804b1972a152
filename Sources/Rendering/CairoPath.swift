import CCairo
import ResponderKit

/// Coordinates beyond this (in points) are refused: Cairo's 24.8 fixed point saturates far
/// earlier, and an arc of astronomic radius would make Cairo split it into astronomically many
/// segments.
let cairoCoordinateLimit = 1e7

extension BezierPath {
    /// Replaces `cr`'s current path by this one (`cairo_move_to`, `cairo_line_to`,
    /// `cairo_curve_to`, `cairo_arc` for clockwise arcs — the direction of increasing angle on a
    /// y-down screen — or `cairo_arc_negative`, `cairo_close_path`). False, with an empty path,
    /// when an element holds a non-finite or out-of-range value.
    /// - Complexity: O(elements).
    @discardableResult
    func replaceCurrentPath(of cr: OpaquePointer) -> Bool {
        cairo_new_path(cr)
        func ok(_ values: Double...) -> Bool { values.allSatisfy { $0.isFinite && abs($0) <= cairoCoordinateLimit } }
        for element in elements {
            let valid: Bool
            switch element {
            case let .move(p): valid = ok(p.x, p.y)
            case let .line(p): valid = ok(p.x, p.y)
            case let .curve(p, c1, c2): valid = ok(p.x, p.y, c1.x, c1.y, c2.x, c2.y)
            case let .arc(c, r, s, e, _): valid = ok(c.x, c.y, r) && s.isFinite && e.isFinite
            case .close: valid = true
            }
            guard valid else { cairo_new_path(cr); return false }
            switch element {
            case let .move(p): cairo_move_to(cr, p.x, p.y)
            case let .line(p): cairo_line_to(cr, p.x, p.y)
            case let .curve(p, c1, c2): cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
            case let .arc(c, r, s, e, clockwise):
                if clockwise { cairo_arc(cr, c.x, c.y, max(0, r), s, e) } else { cairo_arc_negative(cr, c.x, c.y, max(0, r), s, e) }
            case .close: cairo_close_path(cr)
            }
        }
        return true
    }

    /// `CAIRO_FILL_RULE_EVEN_ODD` or `CAIRO_FILL_RULE_WINDING`, from `usesEvenOddFillRule`.
    var cairoFillRule: cairo_fill_rule_t { usesEvenOddFillRule ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING }
}

extension AffineTransform {
    /// The same transform as Cairo's matrix (`x' = xx·x + xy·y + x0`, `y' = yx·x + yy·y + y0`).
    var cairoMatrix: cairo_matrix_t { cairo_matrix_t(xx: a, yx: b, xy: c, yy: d, x0: tx, y0: ty) }

    /// Finite and invertible: Cairo refuses anything else with a sticky error that would stop
    /// the rest of the frame from drawing.
    var isUsableByCairo: Bool { a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite && isInvertible }
}

/// Sets `cr`'s source to `color` (un-premultiplied components, clamped to 0…1).
func setSource(_ cr: OpaquePointer, _ color: Color) {
    cairo_set_source_rgba(cr, color.red.clamped01, color.green.clamped01, color.blue.clamped01, color.alpha.clamped01)
}
