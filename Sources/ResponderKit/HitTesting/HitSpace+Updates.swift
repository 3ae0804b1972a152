/// Incremental updates: a change touches only the entries it must.
///
/// - Geometry or flags of a member: its entry and, for a plain member, the entries of its subtree in
///   this space (their boxes are clipped by it); delegates below keep their own spaces untouched.
/// - Scrolling (`bounds.origin`): a space root's scroll changes nothing at all (its space is in its
///   own bounds coordinates, and its entry in the parent space does not depend on the origin). The
///   first scroll of a plain member promotes it to a space root once (O(its subtree)).
/// - Add / remove / reorder: the moved subtree's entries only, keyed between their neighbours in
///   pre-order (keys are spaced 2^24 apart at build, so inserts rarely need a re-key).
/// - A full rebuild instead, lazily at the next query, when it is cheaper or needed: an update that
///   would touch more than half the entries, a space grown or shrunk twofold since its grid was
///   sized, or no room left between two keys.
extension HitSpace {
    /// The space the children of `parent` belong to, if an index covers them.
    static func space(forChildrenOf parent: View) -> HitSpace? { parent.ownSpace ?? parent.hitSpace }

    /// A member's frame, bounds size, transform or flags changed.
    /// - Complexity: O(m) for the m entries of its subtree in this space, times the cells touched.
    func memberChanged(_ view: View) {
        guard !needsRebuild, view.hitSpace === self, view.hitEntry >= 0 else { return }
        HitIndex.memberUpdates += 1
        let id = Int(view.hitEntry)
        let delegate = entry(id).pointee.isDelegate
        // A member cut for depth delegates without having to; it stays one until the next build.
        let cutForDepth = delegate && view.ownSpace?.isDepthCut == true
        if delegate != HitSpace.mustDelegate(view) && !cutForDepth {
            restructure(view)
            return
        }
        if !delegate, countMembers(view) * 2 > memberCount {
            needsRebuild = true
            return
        }
        patch(view, parentBox: parentBox(of: view), offset: offset(of: view))
        state.pointee.generation &+= 1
    }

    /// Re-enters a member's subtree (its kind changed, or it became a scroll container).
    func restructure(_ view: View) {
        removeSubtree(view)
        insertSubtree(view)
    }

    private func patch(_ view: View, parentBox: HitBox, offset: Point) {
        let id = Int(view.hitEntry)
        let delegate = entry(id).pointee.isDelegate
        let newBox = box(of: view, parentBox: parentBox, delegate: delegate, offset: offset)
        replaceBox(id, with: newBox)
        if !delegate {
            for child in view.subviews where child.hitSpace === self {
                let childOffset = Point(
                    x: offset.x + child.frameOrigin.x - child.boundsStorage.origin.x,
                    y: offset.y + child.frameOrigin.y - child.boundsStorage.origin.y)
                patch(child, parentBox: newBox, offset: childOffset)
            }
        }
    }

    func parentBox(of view: View) -> HitBox {
        guard let parent = view.superview, parent !== root, parent.hitSpace === self, parent.hitEntry >= 0 else {
            return .everything
        }
        return entry(Int(parent.hitEntry)).pointee.box
    }

    private func countMembers(_ view: View) -> Int {
        if view.hitSpace === self, view.hitEntry >= 0, entry(Int(view.hitEntry)).pointee.isDelegate { return 1 }
        var count = 1
        for child in view.subviews { count += countMembers(child) }
        return count
    }

    // MARK: Removal

    /// Takes `view` and its subtree's entries out (before it leaves its superview); delegates
    /// below drop their own spaces.
    func removeSubtree(_ view: View) {
        guard view.hitSpace === self, view.hitEntry >= 0 else { return }
        // Taking out most of the space: cheaper to rebuild it than to edit every cell.
        if !needsRebuild, !entry(Int(view.hitEntry)).pointee.isDelegate, countMembers(view) * 2 > memberCount {
            needsRebuild = true
        }
        removeMembers(view)
        if !needsRebuild, sizedFor > 64, memberCount * 2 < sizedFor { needsRebuild = true }
    }

    private func removeMembers(_ view: View) {
        guard view.hitSpace === self, view.hitEntry >= 0 else { return }
        let id = Int(view.hitEntry)
        let delegate = entry(id).pointee.isDelegate
        if !needsRebuild { unbin(id, entry(id).pointee.box) }
        release(Int32(id))
        view.hitSpace = nil
        view.hitEntry = -1
        if delegate {
            view.discardOwnSpace()
        } else {
            for child in view.subviews { removeMembers(child) }
        }
    }

    // MARK: Insertion

    /// Adds `view` and its subtree (after it joined a superview whose children this space indexes).
    func insertSubtree(_ view: View) {
        if needsRebuild { return }
        let count = countNew(view)
        if memberCount + count > 2 * sizedFor + 64 {
            needsRebuild = true
            return
        }
        guard let low = predecessorKey(of: view), let high = successorKey(of: view),
            high > low, high - low - 1 >= UInt64(count)
        else {
            needsRebuild = true
            return
        }
        let step = (high - low) / UInt64(count + 1)
        var key = low
        insertMembers(view, parentBox: parentBox(of: view), offset: offset(of: view), key: &key, step: step)
    }

    private func countNew(_ view: View) -> Int {
        if HitSpace.mustDelegate(view) { return 1 }
        var count = 1
        for child in view.subviews { count += countNew(child) }
        return count
    }

    private func insertMembers(_ view: View, parentBox: HitBox, offset: Point, key: inout UInt64, step: UInt64) {
        key += step
        let delegate = HitSpace.mustDelegate(view)
        let box = box(of: view, parentBox: parentBox, delegate: delegate, offset: offset)
        let id = allocate(view, key: key, box: box, delegate: delegate)
        bin(Int(id), box)
        if delegate {
            view.discardOwnSpace()
            view.makeOwnSpace()
        } else {
            view.discardOwnSpace()
            for child in view.subviews {
                let childOffset = Point(
                    x: offset.x + child.frameOrigin.x - child.boundsStorage.origin.x,
                    y: offset.y + child.frameOrigin.y - child.boundsStorage.origin.y)
                insertMembers(child, parentBox: box, offset: childOffset, key: &key, step: step)
            }
        }
    }

    /// The key of the member just before `view` in pre-order (0 when none).
    private func predecessorKey(of view: View) -> UInt64? {
        guard let parent = view.superview, let index = parent.indexOfSubview(view) else { return nil }
        if index > 0 { return lastKey(in: parent.subviews[index - 1]) }
        if parent === root { return 0 }
        guard parent.hitSpace === self, parent.hitEntry >= 0 else { return nil }
        return entry(Int(parent.hitEntry)).pointee.key
    }

    /// The key of the last member of `view`'s subtree in pre-order.
    private func lastKey(in view: View) -> UInt64? {
        guard view.hitSpace === self, view.hitEntry >= 0 else { return nil }
        let e = entry(Int(view.hitEntry))
        if e.pointee.isDelegate { return e.pointee.key }
        if let last = view.subviews.last { return lastKey(in: last) }
        return e.pointee.key
    }

    /// The key of the first member after `view`'s subtree in pre-order (the maximum when none).
    private func successorKey(of view: View) -> UInt64? {
        var node = view
        while let parent = node.superview {
            guard let index = parent.indexOfSubview(node) else { return nil }
            if index + 1 < parent.subviews.count {
                let next = parent.subviews[index + 1]
                guard next.hitSpace === self, next.hitEntry >= 0 else { return nil }
                return entry(Int(next.hitEntry)).pointee.key
            }
            if parent === root { return UInt64.max }
            node = parent
        }
        return nil
    }

    // MARK: Cells

    func replaceBox(_ id: Int, with newBox: HitBox) {
        let old = entry(id).pointee.box
        guard old != newBox else { return }
        unbin(id, old)
        setBox(id, newBox)
        bin(id, newBox)
    }

    /// Lists the entry in every cell its box meets, keeping each list highest key first.
    func bin(_ id: Int, _ box: HitBox) {
        let key = entry(id).pointee.key
        forEachCell(of: box) { index, cell in
            cell.pointee.insert(Int32(id), at: insertionPoint(cell, key: key))
            refresh(cell: index)
        }
    }

    func unbin(_ id: Int, _ box: HitBox) {
        let key = entry(id).pointee.key
        forEachCell(of: box) { index, cell in
            var position = insertionPoint(cell, key: key)
            // Keys are unique in a space: the entry is at the first position not above `key`.
            let n = Int(cell.pointee.count)
            while position < n, cell.pointee.ids[position] != Int32(id) { position += 1 }
            if position < n {
                cell.pointee.remove(at: position)
                refresh(cell: index)
            }
        }
    }

    /// Calls `body` with each grid cell a (non-empty) box meets.
    private func forEachCell(of box: HitBox, _ body: (Int, UnsafeMutablePointer<HitCell>) -> Void) {
        guard !box.isEmpty else { return }
        let s = state
        for r in HitSpace.row(box.ylo, s)...HitSpace.row(box.yhi, s) {
            for c in HitSpace.column(box.xlo, s)...HitSpace.column(box.xhi, s) {
                let index = c + r * s.pointee.columns
                body(index, s.pointee.cells + index)
            }
        }
    }

    /// The first position in a cell whose key is not greater than `key` (lists are descending).
    private func insertionPoint(_ cell: UnsafeMutablePointer<HitCell>, key: UInt64) -> Int {
        var lo = 0, hi = Int(cell.pointee.count)
        while lo < hi {
            let mid = (lo + hi) / 2
            if entry(Int(cell.pointee.ids[mid])).pointee.key > key { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}

extension View {
    /// Makes this view the root of a space (built lazily at its first query).
    func makeOwnSpace() {
        if ownSpace == nil { ownSpace = HitSpace(root: self) }
    }

    /// Drops this view's space and, recursively, the spaces below it.
    func discardOwnSpace() {
        guard let space = ownSpace else { return }
        ownSpace = nil
        space.discard()
    }

    func clearMembership(of space: HitSpace) {
        if hitSpace === space {
            hitSpace = nil
            hitEntry = -1
        }
    }

    /// The position of `view` in `subviews` (a plain loop: no closure on hot paths).
    func indexOfSubview(_ view: View) -> Int? {
        var i = 0
        let n = subviews.count
        while i < n {
            if subviews[i] === view { return i }
            i += 1
        }
        return nil
    }

    // MARK: Change notifications from the View setters

    /// Frame, bounds size, transform or a flag that hit testing reads changed.
    func hitGeometryChanged() {
        hitSpace?.memberChanged(self)
        invalidateDrawingExtent()  // the same changes move what the subtree draws
    }

    /// `bounds.origin` changed: a scroll. Roots of a space need nothing; a plain member becomes a
    /// root once, after which its scrolls need nothing either.
    func hitBoundsOriginChanged() {
        invalidateDrawingExtent()
        if isScrollContainer, ownSpace != nil || hitSpace == nil { return }
        isScrollContainer = true
        if ownSpace == nil, let space = hitSpace { space.restructure(self) }
    }

    /// `view` is about to leave this view's subviews (or move among them).
    func hitSubviewWillLeave(_ view: View) {
        view.hitSpace?.removeSubtree(view)
        invalidateDrawingExtent()
    }

    /// `view` just joined this view's subviews.
    func hitSubviewDidJoin(_ view: View) {
        HitSpace.space(forChildrenOf: self)?.insertSubtree(view)
        invalidateDrawingExtent()
    }
}
