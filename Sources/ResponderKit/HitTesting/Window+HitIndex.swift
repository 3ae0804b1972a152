/// What the index of a window holds, for benchmarks and diagnostics.
public struct HitIndexStatistics: Sendable, Equatable {
    /// Index spaces (the window's and one per scroll container or self-hit-testing view).
    public var spaces: Int
    /// Indexed entries (views) over all spaces.
    public var entries: Int
    /// Entries that answer through their own `hitTest` (overrides, transforms, scroll containers).
    public var delegates: Int
    /// Bytes held by the entries and grids.
    public var bytes: Int
}

extension Window {
    /// Builds (or brings up to date) the window's hit-testing index and every space below it now,
    /// instead of lazily at the next hit test. Returns what it holds.
    /// - Complexity: O(n) for a fresh build, plus the grid cells the entries cover.
    @discardableResult
    public func buildHitIndex() -> HitIndexStatistics {
        makeOwnSpace()
        var stats = HitIndexStatistics(spaces: 0, entries: 0, delegates: 0, bytes: 0)
        func visit(_ space: HitSpace) {
            if space.needsRebuild { space.rebuild() }
            stats.spaces += 1
            stats.entries += space.entryCount
            stats.bytes += space.memoryBytes
            var inner: [HitSpace] = []
            space.forEachMember { id, view in
                guard space.entry(id).pointee.isDelegate else { return }
                stats.delegates += 1
                if let own = view.ownSpace { inner.append(own) }
            }
            for own in inner { visit(own) }
        }
        visit(ownSpace!)
        return stats
    }

    /// The view `hitTest(point, with: nil)` answers, as an unretained reference: the same answer
    /// by the same path, without the reference-count increment that returning a `View?` costs.
    ///
    /// For benchmarks that separate the index's own work from that increment: `swift_retain` is an
    /// atomic write to the answered view's object, so on a large tree whose views are not in cache
    /// it is a memory miss of its own (about 110–150 ns on wide-37k's 37k views on the 2-core VM),
    /// larger than the index's whole query. `hitbench` times both. The reference is valid while the
    /// view stays in the window.
    /// - Complexity: as `hitTest(_:with:)`; no allocation, no reference counting when the window
    ///   answers through its index.
    @_spi(Benchmarking)
    public func indexedHitTest(_ point: Point) -> Unmanaged<View>? {
        guard HitIndex.bypass == 0, HitIndex.isEnabled, point.x.isFinite, point.y.isFinite,
            type(of: self) == Window.self || !HitTestOverrides.isCustom(type(of: self))
        else { return hitTest(point, with: nil).map { .passUnretained($0) } }
        // No override of `point(inside:)` here (checked above): the base bounds test, inline.
        guard isHitTestable, boundsStorage.contains(point) else { return nil }
        if ownSpaceState == nil { makeOwnSpace() }
        return HitSpace.query(ownSpaceState!, point, with: nil) ?? .passUnretained(self)
    }

    /// Drops the index; the next hit test rebuilds it.
    public func discardHitIndex() {
        discardOwnSpace()
    }
}
