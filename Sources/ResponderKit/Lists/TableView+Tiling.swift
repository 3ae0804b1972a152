import FoundationEssentials

/// Bringing rows into view and taking them out: the cells of the visible slots, the rest idle.
extension TableView {
    /// Makes the visible slots exactly those that cross the bounds: slots that left go back to
    /// the pool, slots that arrived get a cell (measured first if their height was an estimate),
    /// and every visible view is placed.
    /// - Complexity: O(log n + visible slots); once the pool and the visible list have their
    ///   capacity, rows in and out allocate nothing (release: 1 allocation over 6000 frames of a
    ///   100,000-row table; a data source that allocates to configure a cell is its own cost).
    func tileVisibleSlots() {
        guard hasLoadedData, !isTiling else { return }
        isTiling = true
        defer { isTiling = false }
        let top = contentOffset.y
        let bottom = top + bounds.height
        guard heights.count > 0, bounds.height > 0, let first = heights.slot(at: max(0, top)) else {
            for entry in visible { retire(entry) }
            visible.removeAll(keepingCapacity: true)
            return
        }
        // Drop what left at either end, but the top section's header while it floats.
        let pinned = floatingHeaderSlot(first: first)
        var dropFront = 0
        while dropFront < visible.count, visible[dropFront].slot < first { dropFront += 1 }
        if dropFront > 0 {
            var kept: VisibleSlot?
            for i in 0..<dropFront {
                if visible[i].slot == pinned { kept = visible[i] } else { retire(visible[i]) }
            }
            visible.removeSubrange(0..<dropFront)
            if let kept { visible.insert(kept, at: 0) }
        }
        if let pinned, visible.first?.slot != pinned, let header = makeVisible(pinned) { visible.insert(header, at: 0) }
        // Walk down from the first slot, measuring and displaying, until past the bottom.
        var slot = first
        var y = heights.offset(of: slot)
        var shift = 0.0
        var index = visible.first.map { $0.slot < first ? 1 : 0 } ?? 0
        while slot < heights.count, y < bottom + shift || slot == first {
            if index < visible.count, visible[index].slot == slot {
                index += 1
            } else if heights.height(of: slot) > 0 || !heights.isExact[slot] {
                if let entry = makeVisible(slot) {
                    visible.insert(entry, at: index)
                    index += 1
                }
            }
            if !heights.isExact[slot], let entry = index > 0 ? visible[index - 1] : nil, entry.slot == slot {
                let delta = measure(entry, slot: slot)
                // A row above the top that grew or shrank moves everything below: keep what is
                // on screen in place (UIKit's anchoring), by moving the offset with it.
                if y + heights.height(of: slot) <= top + shift { shift += delta }
            }
            y += heights.height(of: slot)
            slot += 1
        }
        let last = slot - 1
        var keep = visible.count
        while keep > 0, visible[keep - 1].slot > last { keep -= 1 }
        if keep < visible.count {
            for i in keep..<visible.count { retire(visible[i]) }
            visible.removeLast(visible.count - keep)
        }
        if shift != 0 {
            updateContentSize()
            let offset = Point(x: contentOffset.x, y: contentOffset.y + shift)
            bounds.origin = offset
        } else if contentSize.height != heights.total {
            updateContentSize()
        }
        placeVisible()
        floatTopHeader(first: first)
    }

    /// The header slot of the section at the top of the bounds when that header is above the
    /// top and so floats (plain style only; a section without a header has nothing to float).
    /// - Complexity: O(log sections).
    func floatingHeaderSlot(first: Int) -> Int? {
        guard style == .plain, slots.sectionCount > 0 else { return nil }
        let section: Int
        switch slots.kind(of: first) {
        case .header(let s), .row(let s, _), .footer(let s): section = s
        }
        let header = slots.headerSlot(section)
        guard header < first || heights.offset(of: header) < contentOffset.y, heights.height(of: header) > 0 else { return nil }
        return header
    }

    /// Plain style's floating header (UIKit's): the header of the section at the top stays at
    /// the top of the bounds while its rows scroll under it, and the section's end pushes it up
    /// as the next header arrives; it is in front of the rows, so touches reach it and not the
    /// row under it. Grouped styles do not float.
    /// - Complexity: O(log n), no allocation.
    func floatTopHeader(first: Int) {
        guard let slot = floatingHeaderSlot(first: first), let entry = visible.first(where: { $0.slot == slot }) else { return }
        let natural = frame(ofSlot: slot)
        guard case .header(let section) = slots.kind(of: slot) else { return }
        let sectionEnd = heights.offset(of: slots.footerSlot(section)) + heights.height(of: slots.footerSlot(section))
        let y = min(max(contentOffset.y, natural.minY), sectionEnd - natural.height)
        let frame = Rect(x: natural.minX, y: y, width: natural.width, height: natural.height)
        if entry.view.frame != frame { entry.view.frame = frame }
        if subviews.last !== entry.view { bringSubviewToFront(entry.view) }
    }

    /// The floating header's view while one floats over the rows (plain style), else nil.
    /// - Complexity: O(log n + visible).
    var floatingHeaderView: View? {
        guard let first = heights.slot(at: max(0, contentOffset.y)), let slot = floatingHeaderSlot(first: first) else { return nil }
        return visible.first { $0.slot == slot }?.view
    }

    /// Sets every visible view's frame from the geometry.
    /// - Complexity: O(visible + log n).
    func placeVisible() {
        guard let firstEntry = visible.first else { return }
        var y = heights.offset(of: firstEntry.slot)
        var slot = firstEntry.slot
        let x = rowInsetX, width = max(0, bounds.width - 2 * rowInsetX)
        for entry in visible {
            while slot < entry.slot {
                y += heights.height(of: slot)
                slot += 1
            }
            let frame = Rect(x: x, y: y, width: width, height: heights.height(of: slot))
            if entry.view.frame != frame { entry.view.frame = frame }
        }
    }

    /// A view for `slot`: the data source's cell for a row, a header or footer view; hidden
    /// views stay out. Nil for a header or footer without a title or view.
    func makeVisible(_ slot: Int) -> VisibleSlot? {
        switch slots.kind(of: slot) {
        case let .row(section, row):
            let indexPath = IndexPath(row: row, section: section)
            guard let dataSource else { return nil }
            let cell = dataSource.tableView(self, cellForRowAt: indexPath)
            if cell.superview !== self {
                cell.removeFromSuperview()
                addSubview(cell)
            }
            cell.tableView = self
            View.performWithoutAnimation {
                cell.frame = frame(ofSlot: slot)
                cell.alpha = 1
                cell.isHidden = false
            }
            cell.separatorView.isHidden = separatorStyle == .none
            let selected = selectedIndexPaths.contains(indexPath)
            if cell.isSelected != selected { cell.setSelected(selected, animated: false) }
            tableDelegate?.tableView(self, willDisplay: cell, forRowAt: indexPath)
            return VisibleSlot(slot: slot, view: cell, cell: cell, reuseIdentifier: cell.reuseIdentifier, isTitleView: false)
        case let .header(section):
            return sectionView(slot: slot, section: section, header: true)
        case let .footer(section):
            return sectionView(slot: slot, section: section, header: false)
        }
    }

    private func sectionView(slot: Int, section: Int, header: Bool) -> VisibleSlot? {
        let custom =
            header
            ? tableDelegate?.tableView(self, viewForHeaderInSection: section)
            : tableDelegate?.tableView(self, viewForFooterInSection: section)
        if let custom {
            if custom.superview !== self { addSubview(custom) }
            View.performWithoutAnimation { custom.frame = frame(ofSlot: slot) }
            custom.isHidden = false
            return VisibleSlot(slot: slot, view: custom, cell: nil, reuseIdentifier: nil, isTitleView: false)
        }
        let title =
            header
            ? dataSource?.tableView(self, titleForHeaderInSection: section)
            : dataSource?.tableView(self, titleForFooterInSection: section)
        guard let title else { return nil }
        let (view, isNew) = titleViewPool.dequeue("title")!
        if isNew { addSubview(view) }
        view.textLabel.text = header && style != .plain ? title.uppercased() : title
        view.backgroundColor = style == .plain ? .secondarySystemBackground : nil
        View.performWithoutAnimation { view.frame = frame(ofSlot: slot) }
        view.isHidden = false
        return VisibleSlot(slot: slot, view: view, cell: nil, reuseIdentifier: nil, isTitleView: true)
    }

    /// Takes a visible view off screen: a cell goes back to the pool (hidden), a title view to
    /// its pool, the delegate's view out of the table. With `reusable` false a cell leaves the
    /// table and is returned instead, for the pool once its row's deletion has played out.
    @discardableResult
    func retire(_ entry: VisibleSlot, reusable: Bool = true) -> TableViewCell? {
        if let cell = entry.cell, !reusable {
            if touchedCell === cell { touchedCell = nil }
            if swipe?.cell === cell { swipe = nil }
            cell.setHighlighted(false, animated: false)
            if let indexPath = indexPath(ofSlot: entry.slot) {
                tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
            }
            cell.removeFromSuperview()
            return cell
        }
        if let cell = entry.cell {
            if touchedCell === cell { touchedCell = nil }
            if swipe?.cell === cell { swipe = nil }
            cell.isHidden = true
            cell.setHighlighted(false, animated: false)
            if let identifier = entry.reuseIdentifier, cellPool.isRegistered(identifier) {
                cellPool.enqueue(cell, identifier: identifier)
            } else {
                cell.removeFromSuperview()  // made outside the pool: nothing will reuse it
            }
            if let indexPath = indexPath(ofSlot: entry.slot) {
                tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
            }
        } else if entry.isTitleView, let view = entry.view as? TableViewHeaderFooterView {
            view.isHidden = true
            titleViewPool.enqueue(view, identifier: "title")
        } else {
            entry.view.removeFromSuperview()
        }
        return nil
    }

    /// Puts cells that left the table (deleted rows) back in the pool.
    func recycle(_ cells: [TableViewCell]) {
        for cell in cells {
            guard cell.superview == nil, let identifier = cell.reuseIdentifier, cellPool.isRegistered(identifier) else { continue }
            cell.isHidden = true
            cellPool.enqueue(cell, identifier: identifier)
        }
    }

    /// The real height of a row shown at an estimate: asked, or measured from its cell by Auto
    /// Layout for `automaticDimension`. Returns the change.
    @discardableResult
    func measure(_ entry: VisibleSlot, slot: Int) -> Double {
        guard let indexPath = indexPath(ofSlot: slot) else { return heights.setHeight(heights.height(of: slot), of: slot) }
        let height = askedRowHeight(indexPath) ?? entry.cell.map { fittingHeight(of: $0) } ?? heights.height(of: slot)
        return heights.setHeight(height, of: slot)
    }

    /// The height a cell needs at the table's width: its content view's Auto Layout height
    /// (`systemLayoutSizeFitting`), or the built-in labels' when the content has no constraints.
    func fittingHeight(of cell: TableViewCell) -> Double {
        let width = max(0, bounds.width - 2 * rowInsetX) - cell.accessoryWidth
        let fitted = cell.contentView.systemLayoutSizeFitting(
            Size(width: width, height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        if fitted.height > 0 { return fitted.height }
        return cell.sizeThatFits(Size(width: width, height: 0)).height
    }
}
