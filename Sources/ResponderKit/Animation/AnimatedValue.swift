/// One animated property's value, and how two of them are blended.
enum AnimatedValue: Equatable, Sendable {
    case point(Point)
    case rect(Rect)
    case transform(AffineTransform)
    case scalar(Double)
    case color(Color?)

    /// The value `progress` of the way from `self` to `target` (0: self, 1: target, exactly;
    /// other values, including the overshoot of no curve here, are blended). Points, rectangles
    /// and scalars blend linearly; colours component by component (nil is the other colour at
    /// alpha 0, so a background fades in or out); transforms by their decomposition (scale,
    /// rotation by the shorter way, shear, translation), as Core Animation does, so a half turn
    /// rotates instead of collapsing through a zero scale.
    /// - Complexity: O(1).
    func blended(to target: AnimatedValue, progress t: Double) -> AnimatedValue {
        if t <= 0 { return self }
        if t >= 1 { return target }
        switch (self, target) {
        case let (.point(a), .point(b)): return .point(Point(x: lerp(a.x, b.x, t), y: lerp(a.y, b.y, t)))
        case let (.rect(a), .rect(b)):
            return .rect(
                Rect(
                    x: lerp(a.origin.x, b.origin.x, t), y: lerp(a.origin.y, b.origin.y, t),
                    width: lerp(a.size.width, b.size.width, t), height: lerp(a.size.height, b.size.height, t)))
        case let (.scalar(a), .scalar(b)): return .scalar(lerp(a, b, t))
        case let (.color(a), .color(b)):
            guard a != nil || b != nil else { return .color(nil) }
            let from = a ?? b!.withAlphaComponent(0), to = b ?? a!.withAlphaComponent(0)
            return .color(Color.blend(from, to, t))  // each appearance of a dynamic colour
        case let (.transform(a), .transform(b)): return .transform(TransformParts.blend(a, b, t))
        default: return t < 0.5 ? self : target
        }
    }
}

@inline(__always)
private func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }

/// An affine transform as scale, rotation, shear and translation: `M = R(angle) · [sx k; 0 sy]`
/// plus (tx, ty), the decomposition Core Animation interpolates.
private struct TransformParts {
    var sx, sy, shear, angle, tx, ty: Double

    /// Nil when the first column is zero (no rotation can be read off it).
    init?(_ m: AffineTransform) {
        let sx = (m.a * m.a + m.b * m.b).squareRoot()
        guard sx > 0, sx.isFinite, m.c.isFinite, m.d.isFinite, m.tx.isFinite, m.ty.isFinite else { return nil }
        let cs = m.a / sx, sn = m.b / sx
        self.sx = sx
        angle = atan2(m.b, m.a)
        shear = m.c * cs + m.d * sn
        sy = -m.c * sn + m.d * cs
        tx = m.tx
        ty = m.ty
    }

    var transform: AffineTransform {
        let cs = cos(angle), sn = sin(angle)
        return AffineTransform(a: sx * cs, b: sx * sn, c: shear * cs - sy * sn, d: shear * sn + sy * cs, tx: tx, ty: ty)
    }

    static func blend(_ a: AffineTransform, _ b: AffineTransform, _ t: Double) -> AffineTransform {
        guard let p = TransformParts(a), let q = TransformParts(b) else {
            // A degenerate end (scale 0): component by component.
            return AffineTransform(
                a: lerp(a.a, b.a, t), b: lerp(a.b, b.b, t), c: lerp(a.c, b.c, t),
                d: lerp(a.d, b.d, t), tx: lerp(a.tx, b.tx, t), ty: lerp(a.ty, b.ty, t))
        }
        var turn = q.angle - p.angle
        if turn > .pi { turn -= 2 * .pi } else if turn < -.pi { turn += 2 * .pi }
        var mid = p
        mid.sx = lerp(p.sx, q.sx, t)
        mid.sy = lerp(p.sy, q.sy, t)
        mid.shear = lerp(p.shear, q.shear, t)
        mid.angle = p.angle + turn * t
        mid.tx = lerp(p.tx, q.tx, t)
        mid.ty = lerp(p.ty, q.ty, t)
        return mid.transform
    }
}

#if canImport(Glibc)
import Glibc
#endif
