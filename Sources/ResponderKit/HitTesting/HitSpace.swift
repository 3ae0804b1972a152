/// The hit-testing index of one subtree: the "space" of a root view (a window, a scroll container,
/// or a view that hit-tests in its own way). It answers `root.hitTest` for the root's descendants
/// without visiting views the point cannot hit.
///
/// Two facts make it exact (DESIGN.md, "Hit testing"):
/// - a view can be hit only where it and every ancestor contain the point, and with identity
///   transforms that region is an axis-aligned box of doubles (`MonotoneInverse` computes its ends
///   so that the box test equals the reference's chain of floating-point tests bit for bit);
/// - with subviews back to front and the tree in pre-order, the reference recursion answers the
///   LAST view in pre-order whose region contains the point.
///
/// So each member view gets an entry (its box and a pre-order key) and a uniform grid lists, per
/// cell, the entries whose box meets the cell, highest key first; a query scans one cell's list and
/// stops at the first box that contains the point. The scan never passes an entry that covers the
/// whole cell, so cells deep under many views stay short.
///
/// Views that may answer differently from the box rule are *delegates*: their entry's box is a
/// superset (their parent's region, or a transformed bounding box), and when the scan reaches one
/// it calls the view's own `hitTest(_:with:)` with the point converted exactly as the reference
/// converts it, continuing below if that returns nil. Delegates are views whose class may override
/// `hitTest`/`point(inside:)` (every class that does not declare itself in
/// `View.standardHitTestingClass`, see `HitTestOverrides`), views with a non-identity transform or
/// non-finite geometry, and scroll containers (a non-zero bounds origin, or one that ever
/// changed): each delegate roots a space of its own, in its own bounds coordinates, so scrolling
/// never touches the entries below it. Inside a space every member therefore has an identity
/// transform and a zero bounds origin.
///
/// The hot data lives in manually managed memory reached through one `let` pointer, so a query
/// does no reference counting, no exclusivity checks (raw memory has none) and no allocation.
///
/// Updates are incremental (see `HitSpace+Updates.swift`); a space is rebuilt from scratch only
/// when that is cheaper: when an update would touch more than half its entries, when it has grown
/// or shrunk twofold since its grid was sized, or when pre-order keys run out of room.
@MainActor
final class HitSpace {
    /// One indexed view: its exact box, and the compact form the cells' items copy (converted once
    /// when the box changes, not at every refresh of every cell listing it).
    struct Entry {
        private(set) var box: HitBox
        private(set) var compact: CompactBox
        private(set) var compactIsExact: Bool
        var key: UInt64
        /// Unretained: a member view, retained through its parent's `subviews` while it is in the
        /// root's subtree; it leaves the space (`removeSubtree`) before it leaves that subtree.
        var view: Unmanaged<View>?
        var isDelegate: Bool

        init(box: HitBox, key: UInt64, view: Unmanaged<View>?, isDelegate: Bool) {
            self.box = box
            var isExact = false
            compact = CompactBox(box, isExact: &isExact)
            compactIsExact = isExact
            self.key = key
            self.view = view
            self.isDelegate = isDelegate
        }

        /// Replaces the box and its compact form.
        mutating func setBox(_ newBox: HitBox) {
            box = newBox
            var isExact = false
            compact = CompactBox(newBox, isExact: &isExact)
            compactIsExact = isExact
        }
    }

    /// Everything a query reads, behind one stable pointer.
    struct State {
        var originX = 0.0, originY = 0.0, scaleX = 0.0, scaleY = 0.0
        var columns = 1, rows = 1
        var cells: UnsafeMutablePointer<HitCell>
        var entries: UnsafeMutablePointer<Entry>
        /// Each entry's query form, by id (`entryCapacity` of them, on 64-byte lines), for the
        /// shared runs cells search instead of copying (see `HitCell`). Nil until a cell first
        /// shares a run (`ensureRunItems`): a space without a long chain of containers — most of
        /// them, and every shape but deep-1k — does not pay 32 bytes an entry for it. Once there,
        /// kept in step with `entries` by `allocate` and `setBox`; a released id's item is stale,
        /// and no cell lists that id.
        var runItems: UnsafeMutablePointer<HitCell.Item>?
        var entryCapacity = 0
        /// Ids below this were handed out at least once.
        var highWater = 0
        var needsRebuild = true
        /// Bumped by every change, so a query notices a delegate that mutated the tree.
        var generation: UInt64 = 0
        /// The space object, for the rare paths (rebuild, fallback). Unretained: the state is
        /// owned by that object and freed in its deinit.
        var owner: Unmanaged<HitSpace>?
    }

    /// The view whose descendants this space indexes, in its bounds coordinates.
    /// Invariant (unowned(unsafe)): alive whenever the space is used. The root holds the space
    /// (`ownSpace`) and discards it — clearing every member's `hitSpace` — when it drops it or goes
    /// away, so only a live root's members reach the space. Checked at queries and rebuilds.
    unowned(unsafe) let root: View
    nonisolated(unsafe) let state: UnsafeMutablePointer<State>
    var freeIDs: [Int32] = []
    private(set) var memberCount = 0
    /// Member count the grid was sized for.
    var sizedFor = 0
    /// How deep plain members may nest below the root before the next one (with subviews) gets a
    /// space of its own. Without a cut, a chain of nested views is quadratic to build: each cell
    /// lists every entry that meets it (all of them, for a chain), and each member's exact interval
    /// ends are verified through every level up to the root. With cuts every `nestingLimit`
    /// levels, both are bounded per space and a chain of any depth builds in linear time.
    var nestingLimit = HitSpace.firstNestingLimit
    /// Whether this space was cut for depth (its root is a plain view, a member of the space above
    /// made a delegate only because of how deep it sits).
    var isDepthCut = false

    /// The first cut: deep enough that every tree of the shared benchmark shapes (deep-1k's
    /// chain is 999 levels) stays in one space.
    static let firstNestingLimit = 1024
    /// The cuts below a depth cut, which only very deep chains reach.
    static let laterNestingLimit = 128

    init(root: View) {
        self.root = root
        state = .allocate(capacity: 1)
        let cells = HitSpace.allocateCells(1)
        cells.initialize(to: HitCell())
        state.initialize(to: State(cells: cells, entries: .allocate(capacity: 0), runItems: nil))
        state.pointee.owner = Unmanaged.passUnretained(self)
    }

    deinit {
        let s = state
        let count = s.pointee.columns * s.pointee.rows
        s.pointee.cells.deinitialize(count: count)  // each cell's deinit frees its buffers
        HitSpace.deallocateCells(s.pointee.cells)
        s.pointee.entries.deallocate()
        s.pointee.runItems.map { UnsafeMutableRawPointer($0).deallocate() }
        s.deinitialize(count: 1)
        s.deallocate()
    }

    var needsRebuild: Bool {
        get { state.pointee.needsRebuild }
        set { state.pointee.needsRebuild = newValue; state.pointee.generation &+= 1 }
    }

    // MARK: Query

    /// The reference answer for `point` (in the root's bounds coordinates, finite) among the root's
    /// descendants, or nil when none is hit (the caller then answers the root itself).
    /// - Complexity: O(k) for the k entries scanned in one grid cell (k is small: the scan stops at
    ///   the first box containing the point); no allocation, no reference counting.
    static func query(_ s: UnsafeMutablePointer<State>, _ point: Point, with event: Event?) -> Unmanaged<View>? {
        if s.pointee.needsRebuild { s.pointee.owner!.takeUnretainedValue().rebuild() }
        assert(LiveObjects.onMainActor(), "hit testing must run on the main actor")
        assert(LiveObjects.isLive(s.pointee.owner!.takeUnretainedValue().root), "a hit index space outlived its root")
        let hit = scan(s, point, with: event)
        assert(hit == nil || LiveObjects.isLive(hit!.takeUnretainedValue()), "the hit index listed a freed view")
        return hit
    }

    /// `query` without the debug checks: the cell scan. It answers an unretained reference (a
    /// member view, kept alive by the tree), so the index itself never touches the answer's object:
    /// the one reference-count increment is the caller's, when it returns the view.
    @inline(__always)
    private static func scan(_ s: UnsafeMutablePointer<State>, _ point: Point, with event: Event?) -> Unmanaged<View>? {
        let x = point.x, y = point.y
        let fx = fine((x - s.pointee.originX) * s.pointee.scaleX, s.pointee.columns)
        let fy = fine((y - s.pointee.originY) * s.pointee.scaleY, s.pointee.rows)
        let cell = s.pointee.cells + (fx >> 2) + (fy >> 2) * s.pointee.columns
        // The first item is inline: most queries end on this one cache line.
        if cell.pointee.firstBox.contains(x, y), let view = cell.pointee.firstView { return view }
        guard let items = cell.pointee.items else { return nil }
        let n = Int(cell.pointee.itemCount)
        let generation = s.pointee.generation
        // No item before the point's sub-cell's start meets that sub-cell.
        var k = cell.pointee.subStart((fx & 3) | (fy & 3) << 2)
        while k < n {
            let item = items + k
            if contains(item, x, y, s) {
                if !item.pointee.isDelegate { return item.pointee.view }
                let space = s.pointee.owner!.takeUnretainedValue()
                if let hit = space.delegateHit(item.pointee.view.takeUnretainedValue(), point, event) { return .passUnretained(hit) }
                if s.pointee.generation != generation {
                    // The delegate changed the tree while answering: finish the reference's way.
                    return space.root.recursiveSubviewHit(point, with: event).map { .passUnretained($0) }
                }
                k += 1
                continue
            }
            // A miss at the start of a nested run: the first containing box in it is searched for
            // (containment is monotone along the run), or the run is skipped.
            if item.pointee.sharesRun {
                // The run's last box is the next item; its members are the space's, ids descending.
                let last = item + 1
                if !item.pointee.runEndCoversCell && !contains(last, x, y, s) {
                    k += 2
                    continue
                }
                // A cell shares a run only once the space has run items (`ensureRunItems`).
                let first = s.pointee.runItems.unsafelyUnwrapped + Int(item.pointee.runEnd)
                let j = firstContaining(first, step: -1, count: Int(item.pointee.runEnd - last.pointee.runEnd), x, y, s)
                return (first - j).pointee.view  // no delegate is shared
            }
            let end = Int(item.pointee.runEnd)
            if end > k + 1 {
                if !item.pointee.runEndCoversCell && !contains(items + end, x, y, s) {
                    k = end + 1
                    continue
                }
                k += firstContaining(item, step: 1, count: end - k, x, y, s)
                continue
            }
            k += 1
        }
        return nil
    }

    /// Whether an item contains the point: on its compact box, and for a box rounded inward, on its
    /// entry's exact box when the point is within a float step of an end.
    @inline(__always)
    private static func contains(
        _ item: UnsafeMutablePointer<HitCell.Item>, _ x: Double, _ y: Double, _ s: UnsafeMutablePointer<State>
    ) -> Bool {
        if item.pointee.box.contains(x, y) { return true }
        if item.pointee.isExact || item.pointee.box.surelyExcludes(x, y) { return false }
        return exactlyContains(item, x, y, s)
    }

    /// The exact test of an item, for points within a float step of a rounded end (off the hot
    /// path): its view's entry in this space, found through the view (a member's `hitEntry`).
    @inline(never)
    private static func exactlyContains(
        _ item: UnsafeMutablePointer<HitCell.Item>, _ x: Double, _ y: Double, _ s: UnsafeMutablePointer<State>
    ) -> Bool {
        let id = item.pointee.view._withUnsafeGuaranteedRef { Int($0.hitEntry) }
        return s.pointee.entries[id].box.contains(x, y)
    }

    /// The first member `j` in `1 ... m` of a nested run whose box contains the point, knowing that
    /// member 0 misses and member `m` contains it; member `j` is at `first + j * step` (a cell's
    /// own items, step 1, or a shared run in `runItems`, step -1). Containment is monotone along
    /// the run, so a binary search is exact; its first probe is where the point's distance to the
    /// innermost box puts it, counted in the inset of the next box (members 0 and 1, usually one
    /// cache line). For evenly nested containers (deep-1k's 1,000-level chain, each link inset by
    /// one point) that probe is the answer or next to it, so a hit costs two or three probes
    /// instead of ~7 dependent misses, and the run's far end is never read when it covers the
    /// cell; for uneven runs it is one extra probe before the binary search.
    /// - Complexity: O(log m); O(1) when the run is evenly spaced.
    @inline(__always)
    private static func firstContaining(
        _ first: UnsafeMutablePointer<HitCell.Item>, step: Int, count m: Int, _ x: Double, _ y: Double,
        _ s: UnsafeMutablePointer<State>
    ) -> Int {
        @inline(__always) func member(_ j: Int) -> UnsafeMutablePointer<HitCell.Item> { first + j * step }
        var lo = 1, hi = m  // the answer is in lo...hi, and member hi contains the point
        let inner = first.pointee.box, next = member(1).pointee.box
        var steps = 0.0
        @inline(__always) func side(_ gap: Double, _ inset: Double) {
            if gap > 0, inset > 0 { steps = max(steps, gap / inset) }
        }
        // A guess only (any probe order is exact): the compact ends, exact or not, are close enough.
        side(Double(inner.xlo) - x, Double(inner.xlo) - Double(next.xlo))
        side(x - Double(inner.xEnd), Double(next.xEnd) - Double(inner.xEnd))
        side(Double(inner.ylo) - y, Double(inner.ylo) - Double(next.ylo))
        side(y - Double(inner.yEnd), Double(next.yEnd) - Double(inner.yEnd))
        let guess = min(Double(hi), max(Double(lo), steps.rounded(.up)))
        let g = guess.isFinite ? Int(guess) : hi
        if g == hi || contains(member(g), x, y, s) {
            if g == lo || !contains(member(g - 1), x, y, s) { return g }
            hi = g - 1
        } else {
            lo = g + 1
            if lo == hi || contains(member(lo), x, y, s) { return lo }
            lo += 1
        }
        while lo < hi {
            let mid = (lo + hi) >> 1
            if contains(member(mid), x, y, s) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// Whether `box` certainly covers every point that maps to grid cell `index`: the cell's edges
    /// widened by a relative margin far beyond the rounding of the cell mapping. Border cells reach
    /// to infinity.
    func covers(_ box: HitBox, cell index: Int) -> Bool {
        let s = state
        let c = index % s.pointee.columns, r = index / s.pointee.columns
        guard c > 0, r > 0, c < s.pointee.columns - 1, r < s.pointee.rows - 1 else { return false }
        let x0 = s.pointee.originX + Double(c) / s.pointee.scaleX, x1 = s.pointee.originX + Double(c + 1) / s.pointee.scaleX
        let y0 = s.pointee.originY + Double(r) / s.pointee.scaleY, y1 = s.pointee.originY + Double(r + 1) / s.pointee.scaleY
        let margin = 1e-9 * max(1, abs(x0), abs(x1), abs(y0), abs(y1))
        return box.xlo <= x0 - margin && box.xhi >= x1 + margin && box.ylo <= y0 - margin && box.yhi >= y1 + margin
    }

    /// Rebuilds a cell's query items.
    func refresh(cell index: Int) {
        let s = state
        let column = index % s.pointee.columns, row = index / s.pointee.columns
        let subGrid = SubGrid(
            originX: s.pointee.originX, scaleX: s.pointee.scaleX, columns: s.pointee.columns, column: column,
            originY: s.pointee.originY, scaleY: s.pointee.scaleY, rows: s.pointee.rows, row: row)
        s.pointee.cells[index].refresh(
            s.pointee.entries, covers: { covers($0, cell: index) }, subGrid: subGrid, sharing: ensureRunItems)
    }

    /// The quarter-cell line of grid coordinate `v` (`(x - origin) * scale`) on an axis of `count`
    /// cells: monotone in `v`, clamped to the grid as `column` and `row` clamp, and `fine >> 2` is
    /// their cell (`4 v` is exact, so `Int(4 v) >> 2` is `Int(v)`). Truncation is the floor: only
    /// positive values reach `Int(_:)`.
    @inline(__always)
    nonisolated static func fine(_ v: Double, _ count: Int) -> Int {
        if !(v > 0) { return 0 }
        return v >= Double(count) ? 4 * count - 1 : Int(v * 4)
    }

    /// Asks a delegate member, with the point converted exactly as the reference would.
    func delegateHit(_ view: View, _ point: Point, _ event: Event?) -> View? {
        guard let parent = view.superview else { return nil }
        let inParent = convertFromRoot(point, to: parent)
        return view.hitTest(view.convertFromSuperview(inParent), with: event)
    }

    /// The reference's step-by-step conversion from the root's coordinates into `view`'s.
    func convertFromRoot(_ point: Point, to view: View) -> Point {
        if view === root { return point }
        guard let parent = view.superview else { return point }
        return view.convertFromSuperview(convertFromRoot(point, to: parent))
    }

    /// The grid column of `x` (`row` below: of `y`), as entries are binned: points outside the
    /// grid map to the nearest border cell, and the mapping is monotone, so a box is listed in every
    /// cell a point it contains can map to. `fine >> 2` is the same cell.
    @inline(__always)
    static func column(_ x: Double, _ s: UnsafeMutablePointer<State>) -> Int {
        // Truncation is the floor here: only positive values reach `Int(_:)` (no libm call).
        let c = (x - s.pointee.originX) * s.pointee.scaleX
        if !(c > 0) { return 0 }
        let last = s.pointee.columns - 1
        return c >= Double(last) ? last : Int(c)
    }

    @inline(__always)
    static func row(_ y: Double, _ s: UnsafeMutablePointer<State>) -> Int {
        let r = (y - s.pointee.originY) * s.pointee.scaleY
        if !(r > 0) { return 0 }
        let last = s.pointee.rows - 1
        return r >= Double(last) ? last : Int(r)
    }

    // MARK: Membership rules

    /// Whether `view` must be a delegate (answer through its own `hitTest`) rather than a plain box.
    static func mustDelegate(_ view: View) -> Bool {
        if HitTestOverrides.isCustom(type(of: view)) { return true }
        if !view.transformStorage.isIdentity || view.isScrollContainer { return true }
        if view.boundsStorage.origin != .zero { return true }
        let f = view.frameOrigin, b = view.boundsStorage
        return !(f.x.isFinite && f.y.isFinite && b.width.isFinite && b.height.isFinite)
    }

    /// The exact box of a member, given its parent's box (`.everything` for the root's children)
    /// and the exact-arithmetic offset of its bounds in root coordinates (a first guess only).
    func box(of view: View, parentBox: HitBox, delegate: Bool, offset: Point) -> HitBox {
        if parentBox.isEmpty { return .empty }
        if delegate {
            // A custom class's `hitTest` is called whatever the view's own flags say (an override
            // may ignore them), so only a standard class's skipped view can be left out.
            let custom = HitTestOverrides.isCustom(type(of: view))
            if !custom && !view.isHitTestable { return .empty }
            if custom || view.superview == nil { return parentBox }
            guard view.transformStorage.isIdentity else { return transformedBox(of: view, parentBox: parentBox) }
            if !(view.frameOrigin.x.isFinite && view.frameOrigin.y.isFinite
                && view.boundsStorage.width.isFinite && view.boundsStorage.height.isFinite)
            {
                return parentBox
            }
        } else if !view.isHitTestable {
            return .empty
        }
        let b = view.boundsStorage
        let own = HitBox(
            xlo: lowerBound(view, atLeast: b.minX, axis: 0, guess: b.minX + offset.x),
            xhi: upperBound(view, below: b.maxX, axis: 0, guess: (b.maxX + offset.x).nextDown),
            ylo: lowerBound(view, atLeast: b.minY, axis: 1, guess: b.minY + offset.y),
            yhi: upperBound(view, below: b.maxY, axis: 1, guess: (b.maxY + offset.y).nextDown))
        return parentBox.intersection(own)
    }

    /// The offset of a member's bounds in root coordinates in exact arithmetic: a guess for the
    /// interval ends (`box(of:)` verifies it against the reference's own floating steps).
    func offset(of view: View) -> Point {
        var x = 0.0, y = 0.0
        var node = view
        while node !== root {
            x += node.frameOrigin.x - node.boundsStorage.origin.x
            y += node.frameOrigin.y - node.boundsStorage.origin.y
            guard let parent = node.superview else { break }
            node = parent
        }
        return Point(x: x, y: y)
    }

    /// A superset of where a transformed view (default rule) can be hit: its transformed bounds'
    /// bounding box in the parent, widened by a relative margin that dwarfs rounding, mapped into
    /// the root's coordinates. The view's own `hitTest` then decides exactly.
    private func transformedBox(of view: View, parentBox: HitBox) -> HitBox {
        guard let parent = view.superview else { return parentBox }
        guard view.transformStorage.isInvertible else { return .empty }
        let b = view.boundsStorage
        var x0 = Double.infinity, x1 = -Double.infinity, y0 = Double.infinity, y1 = -Double.infinity
        for corner in [Point(x: b.minX, y: b.minY), Point(x: b.maxX, y: b.minY), Point(x: b.minX, y: b.maxY), Point(x: b.maxX, y: b.maxY)] {
            let p = view.convertToSuperview(corner)
            x0 = min(x0, p.x); x1 = max(x1, p.x); y0 = min(y0, p.y); y1 = max(y1, p.y)
        }
        guard x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite else { return parentBox }
        let margin = 1e-9 * max(1, abs(x0), abs(x1), abs(y0), abs(y1))
        let own = HitBox(
            xlo: lowerBoundStepwise(parent, atLeast: x0 - margin, axis: 0),
            xhi: upperBoundStepwise(parent, atMost: x1 + margin, axis: 0),
            ylo: lowerBoundStepwise(parent, atLeast: y0 - margin, axis: 1),
            yhi: upperBoundStepwise(parent, atMost: y1 + margin, axis: 1))
        return parentBox.intersection(own)
    }

    // MARK: Exact interval ends

    /// `view`'s coordinate (one axis) of the root-space coordinate `q`, by the reference's steps.
    func converted(_ q: Double, into view: View, axis: Int) -> Double {
        if view === root { return q }
        HitIndex.conversionSteps &+= 1
        guard let parent = view.superview else { return q }
        let y = converted(q, into: parent, axis: axis)
        return axis == 0
            ? (y - view.frameOrigin.x) + view.boundsStorage.origin.x
            : (y - view.frameOrigin.y) + view.boundsStorage.origin.y
    }

    /// The smallest root-space coordinate whose conversion into `view` is at least `t`. Tries the
    /// exact-arithmetic guess first (two conversions), else solves level by level.
    func lowerBound(_ view: View, atLeast t: Double, axis: Int, guess: Double) -> Double {
        if guess.isFinite, converted(guess, into: view, axis: axis) >= t,
            converted(guess.nextDown, into: view, axis: axis) < t
        {
            return guess
        }
        return lowerBoundStepwise(view, atLeast: t, axis: axis)
    }

    /// The largest root-space coordinate whose conversion into `view` is below `t`.
    func upperBound(_ view: View, below t: Double, axis: Int, guess: Double) -> Double {
        if guess.isFinite, converted(guess, into: view, axis: axis) < t,
            converted(guess.nextUp, into: view, axis: axis) >= t
        {
            return guess
        }
        let a = axis == 0 ? view.frameOrigin.x : view.frameOrigin.y
        let b = axis == 0 ? view.boundsStorage.origin.x : view.boundsStorage.origin.y
        let m = MonotoneInverse.highest(below: t, frameOrigin: a, boundsOrigin: b)
        guard let parent = view.superview, view !== root else { return m }
        return upperBoundStepwise(parent, atMost: m, axis: axis)
    }

    /// The smallest root-space coordinate whose conversion into `view` is at least `t`, solved
    /// level by level from `view` up to the root.
    func lowerBoundStepwise(_ view: View, atLeast t: Double, axis: Int) -> Double {
        solveUpward(from: view, t, axis: axis, MonotoneInverse.lowest(atLeast:frameOrigin:boundsOrigin:))
    }

    /// The largest root-space coordinate whose conversion into `view` is at most `t`.
    func upperBoundStepwise(_ view: View, atMost t: Double, axis: Int) -> Double {
        solveUpward(from: view, t, axis: axis, MonotoneInverse.highest(atMost:frameOrigin:boundsOrigin:))
    }

    /// Applies a one-step inverse at each level from `view` up to (not including) the root.
    private func solveUpward(
        from view: View, _ t: Double, axis: Int,
        _ inverse: (Double, Double, Double) -> Double
    ) -> Double {
        var t = t
        var node = view
        while node !== root {
            HitIndex.conversionSteps &+= 1
            let a = axis == 0 ? node.frameOrigin.x : node.frameOrigin.y
            let b = axis == 0 ? node.boundsStorage.origin.x : node.boundsStorage.origin.y
            t = inverse(t, a, b)
            guard let parent = node.superview else { break }
            node = parent
        }
        return t
    }

    // MARK: Entries

    @inline(__always)
    func entry(_ id: Int) -> UnsafeMutablePointer<Entry> { state.pointee.entries + id }

    func allocate(_ view: View, key: UInt64, box: HitBox, delegate: Bool) -> Int32 {
        let id: Int32
        if let free = freeIDs.popLast() {
            id = free
        } else {
            let s = state
            if s.pointee.highWater == s.pointee.entryCapacity {
                let capacity = max(16, s.pointee.entryCapacity * 2)
                let grown = UnsafeMutablePointer<Entry>.allocate(capacity: capacity)
                grown.moveInitialize(from: s.pointee.entries, count: s.pointee.highWater)
                s.pointee.entries.deallocate()
                s.pointee.entries = grown
                if let runItems = s.pointee.runItems {
                    let grownItems = HitSpace.allocateRunItems(capacity)
                    grownItems.moveInitialize(from: runItems, count: s.pointee.highWater)
                    UnsafeMutableRawPointer(runItems).deallocate()
                    s.pointee.runItems = grownItems
                }
                s.pointee.entryCapacity = capacity
            }
            id = Int32(s.pointee.highWater)
            (s.pointee.entries + Int(id)).initialize(to: Entry(box: .empty, key: 0, view: nil, isDelegate: false))
            s.pointee.highWater += 1
        }
        entry(Int(id)).pointee = Entry(box: box, key: key, view: Unmanaged.passUnretained(view), isDelegate: delegate)
        state.pointee.runItems?[Int(id)] = HitCell.Item(entry(Int(id)).pointee, runEnd: id)
        memberCount += 1
        state.pointee.generation &+= 1
        view.hitSpace = self
        view.hitEntry = id
        return id
    }

    /// Replaces an entry's box (and its query form).
    func setBox(_ id: Int, _ box: HitBox) {
        entry(id).pointee.setBox(box)
        state.pointee.runItems?[id] = HitCell.Item(entry(id).pointee, runEnd: Int32(id))
    }

    /// Frees the run items (every id is about to be handed out again).
    private func dropRunItems() {
        state.pointee.runItems.map { UnsafeMutableRawPointer($0).deallocate() }
        state.pointee.runItems = nil
    }

    /// Gives the space its run items, the first time a cell shares a run: every live entry's
    /// query form, by id.
    /// - Complexity: O(n) once per space (its entries); O(1) after.
    func ensureRunItems() {
        let s = state
        guard s.pointee.runItems == nil else { return }
        let items = HitSpace.allocateRunItems(s.pointee.entryCapacity)
        for id in 0..<s.pointee.highWater where s.pointee.entries[id].view != nil {
            (items + id).initialize(to: HitCell.Item(s.pointee.entries[id], runEnd: Int32(id)))
        }
        s.pointee.runItems = items
    }

    /// Room for `capacity` run items on 64-byte lines (never straddling two).
    nonisolated static func allocateRunItems(_ capacity: Int) -> UnsafeMutablePointer<HitCell.Item> {
        UnsafeMutableRawPointer.allocate(byteCount: max(1, capacity) * MemoryLayout<HitCell.Item>.stride, alignment: 64)
            .bindMemory(to: HitCell.Item.self, capacity: max(1, capacity))
    }

    func release(_ id: Int32) {
        entry(Int(id)).pointee = Entry(box: .empty, key: 0, view: nil, isDelegate: false)
        freeIDs.append(id)
        memberCount -= 1
        state.pointee.generation &+= 1
    }

    /// Calls `body` with every live entry's id and view.
    func forEachMember(_ body: (Int, View) -> Void) {
        for id in 0..<state.pointee.highWater {
            if let view = entry(id).pointee.view { body(id, view.takeUnretainedValue()) }
        }
    }

    // MARK: Full build

    /// Rebuilds every entry and the grid from the tree: O(n) entries plus the cells they cover.
    func rebuild() {
        assert(LiveObjects.isLive(root), "a hit index space outlived its root")
        HitIndex.fullBuilds += 1
        forEachMember { _, view in view.clearMembership(of: self) }
        state.pointee.highWater = 0
        dropRunItems()  // the cells that share a run after the build ask for them again
        freeIDs.removeAll()
        memberCount = 0
        var counter: UInt64 = 0
        for child in root.subviews {
            addMembers(child, parentBox: .everything, offset: .zero, depth: 1, nextKey: &counter)
        }
        sizeGrid()
        fillCells()
        needsRebuild = false
    }

    /// Adds `view` and (unless it delegates) its subtree with consecutive keys. A view with
    /// subviews at `nestingLimit` levels below the root delegates to a space of its own.
    /// - Complexity: O(members × nestingLimit) for the exact boxes; recursion at most
    ///   `nestingLimit` deep.
    private func addMembers(_ view: View, parentBox: HitBox, offset: Point, depth: Int, nextKey: inout UInt64) {
        nextKey += 1
        let depthCut = depth >= nestingLimit && !view.subviews.isEmpty && !HitSpace.mustDelegate(view)
        let delegate = depthCut || HitSpace.mustDelegate(view)
        let myOffset = Point(
            x: offset.x + view.frameOrigin.x - view.boundsStorage.origin.x,
            y: offset.y + view.frameOrigin.y - view.boundsStorage.origin.y)
        let box = box(of: view, parentBox: parentBox, delegate: delegate, offset: myOffset)
        _ = allocate(view, key: nextKey << HitSpace.keyShift, box: box, delegate: delegate)
        if delegate {
            if let own = view.ownSpace, own.isDepthCut != depthCut { view.discardOwnSpace() }
            view.makeOwnSpace()
            if depthCut, let own = view.ownSpace {
                own.isDepthCut = true
                own.nestingLimit = HitSpace.laterNestingLimit
            }
        } else {
            view.discardOwnSpace()
            for child in view.subviews {
                addMembers(child, parentBox: box, offset: myOffset, depth: depth + 1, nextKey: &nextKey)
            }
        }
    }

    /// Spacing between the keys of a fresh build, leaving room for inserts.
    static let keyShift: UInt64 = 24

    /// Sizes the grid to the members' boxes: about `HitIndex.cellsPerView` cells per member, with
    /// the extent's aspect ratio.
    private func sizeGrid() {
        var x0 = Double.infinity, x1 = -Double.infinity, y0 = Double.infinity, y1 = -Double.infinity
        forEachMember { id, _ in
            let box = entry(id).pointee.box
            guard !box.isEmpty else { return }
            if box.xlo.isFinite { x0 = min(x0, box.xlo) }
            if box.xhi.isFinite { x1 = max(x1, box.xhi) }
            if box.ylo.isFinite { y0 = min(y0, box.ylo) }
            if box.yhi.isFinite { y1 = max(y1, box.yhi) }
        }
        if !(x0 < x1) { x0 = 0; x1 = max(1, root.boundsStorage.width) }
        if !(y0 < y1) { y0 = 0; y1 = max(1, root.boundsStorage.height) }
        let width = x1 - x0, height = y1 - y0
        let target = max(1, Double(memberCount) * HitIndex.cellsPerView)
        var c = (target * width / height).squareRoot().rounded()
        c = min(2048, max(1, c.isFinite ? c : 1))
        var r = (target / c).rounded()
        r = min(2048, max(1, r.isFinite ? r : 1))
        freeCells()
        let s = state
        // freeCells leaves a one-cell grid; it is replaced here (it used to leak at every build).
        s.pointee.cells.deinitialize(count: 1)
        HitSpace.deallocateCells(s.pointee.cells)
        s.pointee.columns = Int(c)
        s.pointee.rows = Int(r)
        s.pointee.originX = x0
        s.pointee.originY = y0
        s.pointee.scaleX = c / width
        s.pointee.scaleY = r / height
        if !s.pointee.scaleX.isFinite || s.pointee.scaleX <= 0 { s.pointee.scaleX = 0 }
        if !s.pointee.scaleY.isFinite || s.pointee.scaleY <= 0 { s.pointee.scaleY = 0 }
        let count = Int(c) * Int(r)
        s.pointee.cells = HitSpace.allocateCells(count)
        for i in 0..<count { (s.pointee.cells + i).initialize(to: HitCell()) }
        sizedFor = max(1, memberCount)
    }

    /// Uninitialized cells on cache-line boundaries, so each 64-byte cell is exactly one line: a
    /// query's first miss brings the whole cell instead of parts of two (malloc aligns to 16).
    nonisolated static func allocateCells(_ count: Int) -> UnsafeMutablePointer<HitCell> {
        assert(MemoryLayout<HitCell>.stride == 64, "a grid cell must fill one cache line")
        return UnsafeMutableRawPointer.allocate(byteCount: count * MemoryLayout<HitCell>.stride, alignment: 64)
            .bindMemory(to: HitCell.self, capacity: count)
    }

    /// Frees cells from `allocateCells` (already deinitialized).
    nonisolated static func deallocateCells(_ cells: UnsafeMutablePointer<HitCell>) {
        UnsafeMutableRawPointer(cells).deallocate()
    }

    private func freeCells() {
        let s = state
        let count = s.pointee.columns * s.pointee.rows
        s.pointee.cells.deinitialize(count: count)  // each cell's deinit frees its buffers
        HitSpace.deallocateCells(s.pointee.cells)
        s.pointee.columns = 1
        s.pointee.rows = 1
        s.pointee.cells = HitSpace.allocateCells(1)
        s.pointee.cells.initialize(to: HitCell())
    }

    /// Bins every entry, from the highest key down, so each cell list comes out highest key first.
    private func fillCells() {
        var order: [Int] = []
        order.reserveCapacity(memberCount)
        forEachMember { id, _ in order.append(id) }
        order.sort { entry($0).pointee.key > entry($1).pointee.key }
        for id in order { appendToCells(id) }
        for i in 0..<(state.pointee.columns * state.pointee.rows) { refresh(cell: i) }
    }

    private func appendToCells(_ id: Int) {
        let box = entry(id).pointee.box
        guard !box.isEmpty else { return }
        let s = state
        for r in HitSpace.row(box.ylo, s)...HitSpace.row(box.yhi, s) {
            for c in HitSpace.column(box.xlo, s)...HitSpace.column(box.xhi, s) {
                let cell = s.pointee.cells + (c + r * s.pointee.columns)
                cell.pointee.insert(Int32(id), at: Int(cell.pointee.count))
            }
        }
    }

    /// Drops every entry (the root left its window or stopped being a root).
    func discard() {
        forEachMember { _, view in
            view.clearMembership(of: self)
            view.discardOwnSpace()
        }
        state.pointee.highWater = 0
        dropRunItems()
        freeIDs.removeAll()
        freeCells()
        memberCount = 0
        needsRebuild = true
    }

    // MARK: Statistics

    /// Bytes held by this space (entries, grid lists) — for hitbench's memory per view.
    var memoryBytes: Int {
        let s = state
        var total = s.pointee.entryCapacity * MemoryLayout<Entry>.stride + freeIDs.capacity * 4
        if s.pointee.runItems != nil { total += s.pointee.entryCapacity * MemoryLayout<HitCell.Item>.stride }
        let count = s.pointee.columns * s.pointee.rows
        total += count * MemoryLayout<HitCell>.stride
        for i in 0..<count {
            total += (s.pointee.cells[i].capacity + 1) * 4
            if s.pointee.cells[i].items != nil { total += Int(s.pointee.cells[i].itemCount) * MemoryLayout<HitCell.Item>.stride + 32 }
        }
        return total + MemoryLayout<State>.stride
    }

    var entryCount: Int { memberCount }
}
