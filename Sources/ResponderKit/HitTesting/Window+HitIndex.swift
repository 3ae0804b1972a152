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

    /// Drops the index; the next hit test rebuilds it.
    public func discardHitIndex() {
        discardOwnSpace()
    }
}
