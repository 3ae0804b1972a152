/// One row of the tableau: `basic = constant + Σ coefficient × symbol` (or, while a constraint is
/// being added, `0 = constant + Σ …`). A class so the solver updates rows in place while it walks
/// its row table.
final class SolverRow {
    /// The row's constant: the value of its basic symbol when every parametric symbol is zero.
    var constant: Double
    /// The non-zero coefficients of the parametric symbols.
    var cells: [SolverSymbol: Double]

    init(constant: Double = 0, cells: [SolverSymbol: Double] = [:]) {
        self.constant = constant
        self.cells = cells
    }

    /// A separate copy (the artificial objective starts as one).
    func copy() -> SolverRow { SolverRow(constant: constant, cells: cells) }

    /// Adds `value` to the constant and returns the new constant.
    @discardableResult
    func add(_ value: Double) -> Double {
        constant += value
        return constant
    }

    /// Adds `coefficient × symbol`; a sum that becomes zero drops the cell.
    /// - Complexity: O(1) amortized.
    func insert(_ symbol: SolverSymbol, _ coefficient: Double = 1) {
        let sum = (cells[symbol] ?? 0) + coefficient
        if sum.isNearZero { cells[symbol] = nil } else { cells[symbol] = sum }
    }

    /// Adds `coefficient × other` (its constant and every cell).
    /// - Complexity: O(cells of `other`).
    func insert(_ other: SolverRow, _ coefficient: Double = 1) {
        constant += other.constant * coefficient
        for (symbol, value) in other.cells { insert(symbol, value * coefficient) }
    }

    /// Drops `symbol`'s cell.
    func remove(_ symbol: SolverSymbol) { cells[symbol] = nil }

    /// Negates the constant and every cell.
    func reverseSign() {
        constant = -constant
        for key in cells.keys { cells[key] = -cells[key]! }
    }

    /// Turns `0 = … + a × symbol + …` into `symbol = …/(-a)`: `symbol` leaves the cells.
    /// - Complexity: O(cells).
    func solve(for symbol: SolverSymbol) {
        let coefficient = -1 / cells.removeValue(forKey: symbol)!
        constant *= coefficient
        for key in cells.keys { cells[key]! *= coefficient }
    }

    /// Turns `lhs = …` into `rhs = …` (a pivot: `lhs` becomes parametric).
    func solve(for lhs: SolverSymbol, _ rhs: SolverSymbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// `symbol`'s coefficient, 0 when absent.
    @inline(__always) func coefficient(for symbol: SolverSymbol) -> Double { cells[symbol] ?? 0 }

    /// Replaces `symbol` by `row` (the basic row that now defines it).
    /// - Complexity: O(cells of `row`) when `symbol` occurs, else O(1).
    func substitute(_ symbol: SolverSymbol, _ row: SolverRow) {
        guard let coefficient = cells.removeValue(forKey: symbol) else { return }
        insert(row, coefficient)
    }
}
