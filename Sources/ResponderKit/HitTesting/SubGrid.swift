/// The 4 × 4 sub-cells of one grid cell, for the scan starts a cell keeps (`HitCell.subStart`):
/// which of them a box meets, by the query's own mapping (`HitSpace.fine`), so the answer holds
/// every point of the box that maps into the cell.
struct SubGrid {
    let originX: Double, scaleX: Double, columns: Int, column: Int
    let originY: Double, scaleY: Double, rows: Int, row: Int

    /// The sub-cells `box` meets, bit `column + 4 × row`; all of them when an end is NaN or a range
    /// comes out empty (a box listed in the cell meets it; more sub-cells is always safe, it only
    /// starts some scans earlier).
    /// - Complexity: O(1); four mappings.
    @inline(__always)
    func mask(_ box: HitBox) -> UInt16 {
        guard let columnBits = SubGrid.lines(box.xlo, box.xhi, originX, scaleX, columns, column),
            let rowBits = SubGrid.lines(box.ylo, box.yhi, originY, scaleY, rows, row)
        else { return 0xffff }
        // The column bits repeated on each row met: 4 bits apart, so the product never carries.
        return columnBits &* SubGrid.spread(rowBits)
    }

    /// The quarter-cell lines (4 bits) of cell `cell` that `lo ... hi` meets on one axis; nil for
    /// NaN ends or an empty range.
    @inline(__always)
    static func lines(_ lo: Double, _ hi: Double, _ origin: Double, _ scale: Double, _ count: Int, _ cell: Int) -> UInt16? {
        guard !lo.isNaN, !hi.isNaN else { return nil }
        let a = max(0, HitSpace.fine((lo - origin) * scale, count) - 4 * cell)
        let b = min(3, HitSpace.fine((hi - origin) * scale, count) - 4 * cell)
        guard a <= b else { return nil }
        return (UInt16(0xf) >> UInt16(3 - b)) & (UInt16(0xf) << UInt16(a))
    }

    /// Row bits `r` as one bit per row, 4 apart (bit `4 r`).
    @inline(__always)
    static func spread(_ bits: UInt16) -> UInt16 {
        (bits & 1) | (bits & 2) << 3 | (bits & 4) << 6 | (bits & 8) << 9
    }
}
