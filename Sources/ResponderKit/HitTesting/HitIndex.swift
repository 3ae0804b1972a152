/// Global switches and counters of the hit-testing index (see `HitSpace`).
@MainActor
public enum HitIndex {
    /// Turns the index off everywhere: every hit test uses the reference recursion. For
    /// comparisons and for bisecting a suspected index problem. Read by every hit test; its
    /// exclusivity check measured ~85 instructions a hit (`hitbench --fast-only`, cachegrind).
    public static var isEnabled: Bool {
        get { isEnabledStorage }
        set { isEnabledStorage = newValue }
    }
    /// `isEnabled`'s storage, exempt from the exclusivity check. Invariant: set and read on the
    /// main actor only (the enum is `@MainActor`), never accessed overlappingly (plain loads and
    /// stores; app code reaches it only through `isEnabled`).
    @exclusivity(unchecked) static var isEnabledStorage = true

    /// Non-zero while the reference recursion runs: base `hitTest` implementations recurse instead
    /// of asking the index, so `referenceHitTest` is the pure oracle.
    static var bypass = 0

    /// Counters for benchmarks and tests: full space builds, incremental member updates.
    public static var fullBuilds = 0
    /// How many incremental member updates the index made (a counter for benchmarks and tests).
    public static var memberUpdates = 0
    /// Levels walked to find exact box ends at builds and updates (one per level a conversion
    /// or an inverse step goes through): a work count that shows a build's cost per view staying
    /// flat as a chain of nested views grows.
    public static var conversionSteps = 0

    /// Grid cells per indexed view in a space. 0.25 measured best on the shared shapes: with the
    /// query items cut at the first full-cell cover, coarser cells cost few extra scans and keep
    /// the grid small enough to stay in cache (`hitbench --cells-per-view` to re-tune).
    public static var cellsPerView: Double = 0.25
}
