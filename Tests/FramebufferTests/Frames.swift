import Rendering
import ResponderKit

/// Display passes through the `Output` protocol only, with the back buffer filled directly (where
/// pixels land does not depend on how they were drawn, so no renderer is needed).
@MainActor
enum Frames {
    /// `beginFrame(damage:)`, paints `colour(x, y)` into every pixel the returned repaint area
    /// covers (or every pixel of the target with `everywhere`), then `endFrame(repainted:)` with
    /// that area. Returns the repaint area the output asked for (nil: no frame).
    @discardableResult
    static func present(
        _ output: some Output, damage: DamageRegion, everywhere: Bool = false,
        _ colour: (Int, Int) -> UInt32
    ) -> DamageRegion? {
        guard let (target, repaint) = output.beginFrame(damage: damage) else { return nil }
        if everywhere {
            paint(target, target.bounds, colour)
        } else {
            for rect in repaint.rects { paint(target, PixelRect(covering: rect, scale: target.scale), colour) }
        }
        output.endFrame(repainted: repaint)
        return repaint
    }

    /// A full frame of `colour` (the first frame repaints everything anyway).
    @discardableResult
    static func presentAll(_ output: some Output, _ colour: (Int, Int) -> UInt32) -> DamageRegion? {
        present(output, damage: region(Rect(x: 0, y: 0, width: output.size.width, height: output.size.height)), colour)
    }

    static func paint(_ target: RenderTarget, _ rect: PixelRect, _ colour: (Int, Int) -> UInt32) {
        let area = rect.intersection(target.bounds)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            let row = (target.base + y * target.stride).assumingMemoryBound(to: UInt32.self)
            for x in area.x..<area.maxX { row[x] = colour(x, y) }
        }
    }

    static func region(_ rects: Rect...) -> DamageRegion {
        var region = DamageRegion()
        for rect in rects { region.add(rect) }
        return region
    }

    /// The logical pixel a touch at the centre of panel pixel (`px`, `py`) lands on, by
    /// `DisplayRotation.map`: the pixel the panel must show there.
    static func touched(
        _ rotation: DisplayRotation, panelX px: Int, panelY py: Int, panelWidth: Int, panelHeight: Int,
        window: Size
    ) -> (x: Int, y: Int) {
        let point = rotation.map(u: (Double(px) + 0.5) / Double(panelWidth), v: (Double(py) + 0.5) / Double(panelHeight), into: window)
        return (Int(point.x.rounded(.down)), Int(point.y.rounded(.down)))
    }
}

/// A deterministic xorshift generator for reproducible frame sequences.
struct TestRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed }
    mutating func next(_ bound: Int) -> Int {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Int(state % UInt64(bound))
    }
}
