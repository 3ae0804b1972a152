/// Where each section's header, rows and footer sit in a table's list of slots (the order of
/// `RowHeightIndex`): section `s`'s header is slot `firstSlot[s]`, its row `r` slot
/// `firstSlot[s] + 1 + r`, its footer the slot after its last row.
struct TableViewSlots {
    /// The number of rows of each section.
    private(set) var rowCounts: [Int] = []
    /// The header slot of each section.
    private(set) var firstSlot: [Int] = []
    /// Every slot, all sections.
    private(set) var count = 0

    /// What a slot holds.
    enum Kind: Equatable {
        case header(section: Int)
        case row(section: Int, row: Int)
        case footer(section: Int)
    }

    init(rowCounts: [Int] = []) {
        self.rowCounts = rowCounts
        firstSlot.reserveCapacity(rowCounts.count)
        var slot = 0
        for rows in rowCounts {
            firstSlot.append(slot)
            slot += rows + 2
        }
        count = slot
    }

    /// The number of sections.
    var sectionCount: Int { rowCounts.count }

    /// The slot of a row.
    /// - Complexity: O(1).
    func slot(row: Int, section: Int) -> Int { firstSlot[section] + 1 + row }

    /// The header slot of `section`.
    func headerSlot(_ section: Int) -> Int { firstSlot[section] }

    /// The footer slot of `section`.
    func footerSlot(_ section: Int) -> Int { firstSlot[section] + 1 + rowCounts[section] }

    /// Whether `row` in `section` exists.
    func contains(row: Int, section: Int) -> Bool {
        section >= 0 && section < rowCounts.count && row >= 0 && row < rowCounts[section]
    }

    /// What `slot` holds.
    /// - Complexity: O(log sections), no allocation (a binary search of `firstSlot`).
    func kind(of slot: Int) -> Kind {
        guard !firstSlot.isEmpty else { return .header(section: 0) }
        var lo = 0, hi = firstSlot.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if firstSlot[mid] <= slot { lo = mid } else { hi = mid - 1 }
        }
        let offset = slot - firstSlot[lo]
        if offset == 0 { return .header(section: lo) }
        if offset > rowCounts[lo] { return .footer(section: lo) }
        return .row(section: lo, row: offset - 1)
    }
}
