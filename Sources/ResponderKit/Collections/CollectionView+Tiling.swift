import FoundationEssentials

/// Bringing elements into view and taking them out: the views of the elements crossing the
/// bounds, the rest idle in the reuse pools.
extension CollectionView {
    /// Makes the visible elements exactly those the layout places across the bounds: elements
    /// that left go back to their pool, elements that arrived get a view from the data source
    /// (measured first when the layout sizes them by their cells), and every view is placed.
    /// - Complexity: O(log n + visible) for the built-in layouts; once the pools, the visible
    ///   list and its index have their capacity, elements in and out allocate nothing (a data
    ///   source that allocates to configure a cell is its own cost). A self-sizing item that
    ///   shows for the first time prepares the layout again: O(items).
    func tileVisibleElements() {
        guard hasLoadedData, !isTiling else { return }
        isTiling = true
        defer { isTiling = false }
        prepareLayoutIfNeeded()
        // A pass that measured a self-sizing item moved the others: at most a few more passes.
        for _ in 0..<4 {
            generation &+= 1
            let pass = generation
            // First the elements that stay are placed and those that left go back to their
            // pools, then the arrivals are made: so they reuse the views that just left.
            collectionViewLayout.forEachElement(in: bounds) { key, frame in
                guard let index = visibleIndex[key] else { return }
                visible[index].seen = pass
                if visible[index].view.frame != frame { visible[index].view.frame = frame }
            }
            var index = visible.count - 1
            while index >= 0 {
                if visible[index].seen != pass { removeVisible(at: index) }
                index -= 1
            }
            var remeasured = false
            collectionViewLayout.forEachElement(in: bounds) { key, frame in
                guard visibleIndex[key] == nil, let view = makeView(for: key, frame: frame) else { return }
                visibleIndex[key] = visible.count
                visible.append(VisibleElement(key: key, view: view, seen: pass))
                if key.kind == nil, collectionViewLayout.needsMeasuring(key.indexPath), measure(view, key: key, frame: frame) {
                    remeasured = true
                }
            }
            guard remeasured else { break }
            collectionViewLayout.prepare()
            updateContentSize()
        }
    }

    /// Takes the element at `index` of `visible` off screen (swapping the last one into its place).
    func removeVisible(at index: Int) {
        let entry = visible[index]
        retire(entry)
        visibleIndex[entry.key] = nil
        let last = visible.removeLast()
        if index < visible.count {
            visible[index] = last
            visibleIndex[last.key] = index
        }
    }

    /// The data source's view for an element, shown at `frame`; nil when it gives none.
    func makeView(for key: CollectionElementKey, frame: Rect) -> CollectionReusableView? {
        guard let dataSource else { return nil }
        let view: CollectionReusableView
        if let kind = key.kind {
            guard let supplementary = dataSource.collectionView(self, viewForSupplementaryElementOfKind: kind, at: key.indexPath) else {
                return nil
            }
            view = supplementary
        } else {
            view = dataSource.collectionView(self, cellForItemAt: key.indexPath)
        }
        if view.superview !== self {
            view.removeFromSuperview()
            addSubview(view)
        }
        view.collectionView = self
        View.performWithoutAnimation {
            view.frame = frame
            view.alpha = 1
            view.isHidden = false
        }
        if let cell = view as? CollectionViewCell {
            let selected = selectedIndexPaths.contains(key.indexPath)
            if cell.isSelected != selected { cell.isSelected = selected }
            collectionDelegate?.collectionView(self, willDisplay: cell, forItemAt: key.indexPath)
        }
        return view
    }

    /// Asks a self-sizing cell for its size (`preferredLayoutAttributesFitting`); true when it
    /// differs from the one laid out.
    private func measure(_ view: CollectionReusableView, key: CollectionElementKey, frame: Rect) -> Bool {
        let attributes = CollectionViewLayoutAttributes(forCellWith: key.indexPath)
        attributes.frame = frame
        let preferred = view.preferredLayoutAttributesFitting(attributes)
        return collectionViewLayout.record(preferredSize: preferred.size, for: key.indexPath)
    }

    /// Takes a visible view off screen: back to its pool (hidden), or out of the collection view
    /// when it was made outside the pools.
    func retire(_ entry: VisibleElement) {
        let view = entry.view
        if let cell = view as? CollectionViewCell {
            if touchedCell === cell { touchedCell = nil }
            cell.isHighlighted = false
            collectionDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: entry.key.indexPath)
        }
        view.isHidden = true
        recycle(view, kind: entry.key.kind)
    }

    /// Puts a view back in its pool, or takes it out when no pool made it.
    func recycle(_ view: CollectionReusableView, kind: String?) {
        guard let identifier = view.reuseIdentifier else { return view.removeFromSuperview() }
        if let kind {
            guard let index = supplementaryPoolIndex[kind], supplementaryPools[index].isRegistered(identifier) else {
                return view.removeFromSuperview()
            }
            supplementaryPools[index].enqueue(view, identifier: identifier)
        } else {
            guard cellPool.isRegistered(identifier) else { return view.removeFromSuperview() }
            cellPool.enqueue(view, identifier: identifier)
        }
    }
}
