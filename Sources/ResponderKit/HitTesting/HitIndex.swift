/// Global switches and counters of the hit-testing index (see `HitSpace`).
@MainActor
public enum HitIndex {
    /// Turns the index off everywhere: every hit test uses the reference recursion. For
    /// comparisons and for bisecting a suspected index problem.
    public static var isEnabled = true

    /// Non-zero while the reference recursion runs: base `hitTest` implementations recurse instead
    /// of asking the index, so `referenceHitTest` is the pure oracle.
    static var bypass = 0

    /// Whether subclasses overriding `hitTest`/`point(inside:)` are detected automatically (see
    /// `HitTestOverrides`); when false every non-framework class is treated as overriding.
    public static var overrideDetectionAvailable: Bool { HitTestOverrides.detectionAvailable }

    /// Counters for benchmarks and tests: full space builds, incremental member updates.
    public static var fullBuilds = 0
    public static var memberUpdates = 0

    /// Cells per indexed view in a space's grid (tuned with hitbench).
    public static var cellsPerView: Double = 1.0
}

extension HitIndex {
    /// How many entries a query of `window` at `point` scans in the top space (for tuning).
    public static func debugScanCount(_ window: Window, _ point: Point) -> Int {
        guard let s = window.ownSpaceState else { return 0 }
        let list = s.pointee.cells[HitSpace.cellIndex(point.x, point.y, s)]
        var k = 0
        while k < Int(list.count) {
            let e = s.pointee.entries + Int(list.ids![k])
            k += 1
            if e.pointee.box.contains(point.x, point.y) { break }
        }
        return k
    }
}
