/// The column index of the tableau: for each symbol, the basic symbols of the rows where it has a
/// cell, sorted by id. A substitution, a ratio test or a constant shift then visits only those
/// rows, not the whole tableau (kiwi walks every row; with thousands of rows that walk was most
/// of a full solve).
final class SolverColumns {
    /// `lists[id]`: the basic symbols of the rows holding symbol `id`, by increasing id.
    private var lists: [[SolverSymbol]] = []

    /// The basic symbols of the rows holding `symbol`, by increasing id.
    /// - Complexity: O(1) (the array is shared, not copied).
    @inline(__always)
    func rows(containing symbol: SolverSymbol) -> [SolverSymbol] {
        symbol.id < lists.count ? lists[symbol.id] : []
    }

    /// How many rows hold `symbol`.
    /// - Complexity: O(1).
    @inline(__always)
    func count(of symbol: SolverSymbol) -> Int { symbol.id < lists.count ? lists[symbol.id].count : 0 }

    /// Records that `basic`'s row now holds `symbol`.
    /// - Complexity: O(log n) to find the place, O(n) to open it (a short move).
    func add(_ basic: SolverSymbol, to symbol: SolverSymbol) {
        let id = symbol.id
        if id >= lists.count { lists.append(contentsOf: repeatElement([], count: id + 1 - lists.count)) }
        let index = Self.position(of: basic, in: lists[id])
        if index < lists[id].count && lists[id][index].id == basic.id { return }
        lists[id].insert(basic, at: index)
    }

    /// Records that `basic`'s row no longer holds `symbol`.
    /// - Complexity: O(log n + n).
    func remove(_ basic: SolverSymbol, from symbol: SolverSymbol) {
        let id = symbol.id
        guard id < lists.count else { return }
        let index = Self.position(of: basic, in: lists[id])
        if index < lists[id].count && lists[id][index].id == basic.id { lists[id].remove(at: index) }
    }

    /// Empties `symbol`'s column and returns what it held (the symbol is being substituted out of
    /// every row).
    func take(_ symbol: SolverSymbol) -> [SolverSymbol] {
        guard symbol.id < lists.count else { return [] }
        var taken: [SolverSymbol] = []
        swap(&taken, &lists[symbol.id])
        return taken
    }

    /// The first index whose id is not below `basic`'s.
    @inline(__always)
    private static func position(of basic: SolverSymbol, in list: [SolverSymbol]) -> Int {
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low &+ high) >> 1
            if list[middle].id < basic.id { low = middle &+ 1 } else { high = middle }
        }
        return low
    }
}
