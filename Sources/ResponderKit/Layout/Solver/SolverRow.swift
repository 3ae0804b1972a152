/// One row of the tableau: `basic = constant + Σ coefficient × symbol` (or, while a constraint is
/// being added, `0 = constant + Σ …`). A class so the solver updates rows in place while it walks
/// the rows of a column.
///
/// The cells are a sparse vector sorted by symbol id (two parallel arrays): a lookup is a binary
/// search, adding one row to another is a merge of the two, and walking the cells goes in id
/// order, which makes the solver's choices (Bland's rule, the subject of a new row)
/// deterministic. A row in the tableau reports the symbols that enter or leave its cells to the
/// solver's column index (`SolverColumns`), so a substitution visits only the rows that hold the
/// symbol.
final class SolverRow {
    /// The row's constant: the value of its basic symbol when every parametric symbol is zero.
    var constant: Double
    /// The parametric symbols with a non-zero coefficient, by increasing id.
    private(set) var symbols: [SolverSymbol]
    /// `coefficients[i]` is the coefficient of `symbols[i]`.
    private(set) var coefficients: [Double]

    /// Where a tableau row reports the symbols entering and leaving its cells.
    struct Tracking {
        let columns: SolverColumns
        /// The row's basic symbol.
        let basic: SolverSymbol
    }

    init(constant: Double = 0) {
        self.constant = constant
        symbols = []
        coefficients = []
    }

    private init(constant: Double, symbols: [SolverSymbol], coefficients: [Double]) {
        self.constant = constant
        self.symbols = symbols
        self.coefficients = coefficients
    }

    /// A separate copy (the artificial objective starts as one).
    func copy() -> SolverRow { SolverRow(constant: constant, symbols: symbols, coefficients: coefficients) }

    /// Whether no parametric symbol is left.
    var isEmpty: Bool { symbols.isEmpty }

    /// Adds `value` to the constant and returns the new constant.
    @discardableResult
    func add(_ value: Double) -> Double {
        constant += value
        return constant
    }

    /// The index of `symbol`'s cell, or where it would be inserted (`found` false).
    /// - Complexity: O(log cells).
    @inline(__always)
    private func position(of symbol: SolverSymbol) -> (index: Int, found: Bool) {
        var low = 0
        var high = symbols.count
        let id = symbol.id
        while low < high {
            let middle = (low &+ high) >> 1
            let probe = symbols[middle].id
            if probe < id { low = middle &+ 1 } else if probe > id { high = middle } else { return (middle, true) }
        }
        return (low, false)
    }

    /// `symbol`'s coefficient, 0 when absent.
    /// - Complexity: O(log cells).
    @inline(__always)
    func coefficient(for symbol: SolverSymbol) -> Double {
        let (index, found) = position(of: symbol)
        return found ? coefficients[index] : 0
    }

    /// Adds `coefficient × symbol`; a sum that becomes zero drops the cell. Only for rows outside
    /// the tableau (a row being built, the objectives): it reports nothing to a column index.
    /// - Complexity: O(log cells), plus O(cells) to open or close a cell in the middle.
    func insert(_ symbol: SolverSymbol, _ coefficient: Double = 1) {
        let (index, found) = position(of: symbol)
        if found {
            let sum = coefficients[index] + coefficient
            if sum.isNearZero {
                symbols.remove(at: index)
                coefficients.remove(at: index)
            } else {
                coefficients[index] = sum
            }
        } else if !coefficient.isNearZero {
            symbols.insert(symbol, at: index)
            coefficients.insert(coefficient, at: index)
        }
    }

    /// Adds `coefficient × other` (its constant and every cell) by merging the two sorted cell
    /// lists into `spare`'s storage, which is then swapped in (no allocation once the spare has
    /// grown). A tableau row passes `tracking`: symbols that enter or cancel out are reported.
    /// - Complexity: O(cells + cells of `other`).
    func insert(_ other: SolverRow, _ coefficient: Double, spare: SolverRow, tracking: Tracking? = nil) {
        constant += other.constant * coefficient
        var mergedSymbols = spare.symbols
        var mergedCoefficients = spare.coefficients
        spare.symbols = []
        spare.coefficients = []
        mergedSymbols.removeAll(keepingCapacity: true)
        mergedCoefficients.removeAll(keepingCapacity: true)
        let capacity = symbols.count + other.symbols.count
        mergedSymbols.reserveCapacity(capacity)
        mergedCoefficients.reserveCapacity(capacity)
        let ownCount = symbols.count
        let otherCount = other.symbols.count
        var i = 0
        var j = 0
        while i < ownCount || j < otherCount {
            if j == otherCount || (i < ownCount && symbols[i].id < other.symbols[j].id) {
                mergedSymbols.append(symbols[i])
                mergedCoefficients.append(coefficients[i])
                i += 1
            } else if i == ownCount || other.symbols[j].id < symbols[i].id {
                let value = other.coefficients[j] * coefficient
                if !value.isNearZero {
                    mergedSymbols.append(other.symbols[j])
                    mergedCoefficients.append(value)
                    if let tracking { tracking.columns.add(tracking.basic, to: other.symbols[j]) }
                }
                j += 1
            } else {
                let sum = coefficients[i] + other.coefficients[j] * coefficient
                if sum.isNearZero {
                    if let tracking { tracking.columns.remove(tracking.basic, from: symbols[i]) }
                } else {
                    mergedSymbols.append(symbols[i])
                    mergedCoefficients.append(sum)
                }
                i += 1
                j += 1
            }
        }
        swap(&symbols, &mergedSymbols)
        swap(&coefficients, &mergedCoefficients)
        spare.symbols = mergedSymbols
        spare.coefficients = mergedCoefficients
    }

    /// Drops `symbol`'s cell and returns its coefficient (0 when it had none).
    @discardableResult
    func remove(_ symbol: SolverSymbol) -> Double {
        let (index, found) = position(of: symbol)
        guard found else { return 0 }
        symbols.remove(at: index)
        return coefficients.remove(at: index)
    }

    /// Negates the constant and every cell.
    func reverseSign() {
        constant = -constant
        for index in coefficients.indices { coefficients[index] = -coefficients[index] }
    }

    /// Turns `0 = … + a × symbol + …` into `symbol = …/(-a)`: `symbol` leaves the cells. Only
    /// for rows outside the tableau (the solver takes a row out before it pivots it).
    /// - Complexity: O(cells).
    func solve(for symbol: SolverSymbol) {
        let coefficient = -1 / remove(symbol)
        constant *= coefficient
        for index in coefficients.indices { coefficients[index] *= coefficient }
    }

    /// Turns `lhs = …` into `rhs = …` (a pivot: `lhs` becomes parametric).
    func solve(for lhs: SolverSymbol, _ rhs: SolverSymbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// Replaces `symbol` by `row` (the basic row that now defines it). The caller keeps the
    /// column index of `symbol` itself (it empties it after substituting everywhere).
    /// - Complexity: O(cells + cells of `row`) when `symbol` occurs, else O(log cells).
    func substitute(_ symbol: SolverSymbol, _ row: SolverRow, spare: SolverRow, tracking: Tracking? = nil) {
        let coefficient = remove(symbol)
        guard coefficient != 0 else { return }
        insert(row, coefficient, spare: spare, tracking: tracking)
    }
}
