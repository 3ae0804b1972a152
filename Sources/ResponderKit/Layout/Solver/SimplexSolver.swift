/// An incremental Cassowary solver (Badros, Borning and Stuckey, "The Cassowary Linear Arithmetic
/// Constraint Solving Algorithm", 2001), structured as the kiwi implementation is: a tableau of
/// rows keyed by their basic symbol, an objective that sums the weighted errors of non-required
/// constraints, primal simplex after each added or removed constraint, and dual simplex after an
/// edit variable's suggested value or a constraint's constant changes, so a small change pivots
/// only the rows it reaches instead of solving again.
///
/// The data structures are chosen for thousands of constraints: symbols are integer ids, the
/// tableau is an array indexed by the basic symbol's id, each row is a sparse vector sorted by
/// id (`SolverRow`), and a column index (`SolverColumns`) lists the rows holding each symbol, so
/// a substitution, a ratio test or a constant shift touches only those rows instead of walking
/// the whole tableau (kiwi's walk); merges reuse one spare row's storage, so they do not allocate.
///
/// Written from the paper for ResponderKit; no code is taken from kiwi.
final class SimplexSolver {
    /// The marker symbols of one added constraint: `marker` identifies its row (a slack, a dummy
    /// or the positive error), `other` is the second error of a non-required equality (or a
    /// non-required inequality's error).
    struct Tag {
        var marker = SolverSymbol.invalid
        var other = SolverSymbol.invalid
        /// The marker's coefficient in the constraint's row as created (before any sign reversal):
        /// a change of the constraint's constant is a shift of the marker by `-Δ / markerCoefficient`.
        var markerCoefficient = 1.0
    }

    /// An edit variable: its edit constraint and the value last suggested.
    struct EditInfo {
        var tag: Tag
        var constraint: SolverConstraint
        var constant: Double
    }

    var constraints: [ObjectIdentifier: (constraint: SolverConstraint, tag: Tag)] = [:]
    /// The tableau: `rowStorage[id]` is the row of basic symbol `id` (nil for a parametric one).
    private var rowStorage: [SolverRow?] = []
    /// For each symbol, the rows where it has a cell.
    let columns = SolverColumns()
    var edits: [SolverSymbol: EditInfo] = [:]
    var infeasibleRows: [SolverSymbol] = []
    let objective = SolverRow()
    var artificial: SolverRow?
    /// Storage the row merges swap in and out, so a substitution allocates nothing.
    let spare = SolverRow()
    /// The id of the next symbol made.
    private(set) var nextID: Int

    /// Makes an empty solver whose symbols start at `firstID` (a solver that checks constraints
    /// of another one starts past that one's ids, so their variables never collide).
    init(firstID: Int = 1) { nextID = max(1, firstID) }

    /// A new external variable (a column the caller reads with `value(of:)`).
    func makeVariable() -> SolverSymbol { makeSymbol(.external) }

    func makeSymbol(_ kind: SolverSymbol.Kind) -> SolverSymbol {
        defer { nextID += 1 }
        return SolverSymbol(id: nextID, kind: kind)
    }

    /// The variable's value in the current solution (0 when no constraint mentions it).
    /// - Complexity: O(1).
    func value(of variable: SolverSymbol) -> Double { row(of: variable)?.constant ?? 0 }

    // MARK: The tableau

    /// The row of `basic`, nil when the symbol is parametric.
    /// - Complexity: O(1).
    @inline(__always)
    func row(of basic: SolverSymbol) -> SolverRow? { basic.id < rowStorage.count ? rowStorage[basic.id] : nil }

    /// Puts `row` into the tableau as `basic`'s, and its cells into the column index.
    /// - Complexity: O(cells × log column).
    func insertRow(_ row: SolverRow, for basic: SolverSymbol) {
        if basic.id >= rowStorage.count {
            rowStorage.append(contentsOf: repeatElement(nil, count: max(basic.id + 1, rowStorage.count * 2) - rowStorage.count))
        }
        rowStorage[basic.id] = row
        for symbol in row.symbols { columns.add(basic, to: symbol) }
    }

    /// Takes `basic`'s row out of the tableau (and its cells out of the column index).
    /// - Complexity: O(cells × log column).
    func takeRow(of basic: SolverSymbol) -> SolverRow? {
        guard let row = row(of: basic) else { return nil }
        rowStorage[basic.id] = nil
        for symbol in row.symbols { columns.remove(basic, from: symbol) }
        return row
    }

    /// Whether `constraint` was added.
    func contains(_ constraint: SolverConstraint) -> Bool { constraints[ObjectIdentifier(constraint)] != nil }

    // MARK: Adding and removing

    /// Adds `constraint` and re-optimizes. Throws `.unsatisfiable` (leaving the solver as it
    /// was) when it is required and contradicts the required constraints already there.
    /// - Complexity: O(cells touched × pivots): a substitution visits only the rows holding the
    ///   symbol (the column index); typically a few pivots.
    func add(_ constraint: SolverConstraint) throws(SolverError) {
        let key = ObjectIdentifier(constraint)
        guard constraints[key] == nil else { throw .duplicate }
        var tag = Tag()
        let row = makeRow(for: constraint, tag: &tag)
        var subject = chooseSubject(row, tag)
        if !subject.isValid && row.symbols.allSatisfy({ $0.kind == .dummy }) {
            guard row.constant.isNearZero else {
                undoObjective(constraint, tag)
                throw .unsatisfiable
            }
            subject = tag.marker
        }
        if !subject.isValid {
            guard try addWithArtificialVariable(row) else {
                // The artificial pass changed the basis but not the solution set; the row is gone.
                undoObjective(constraint, tag)
                throw .unsatisfiable
            }
        } else {
            row.solve(for: subject)
            substitute(subject, row)
            insertRow(row, for: subject)
        }
        constraints[key] = (constraint, tag)
        try optimize(objective)
    }

    /// Removes `constraint` and re-optimizes.
    /// - Complexity: O(cells touched × pivots).
    func remove(_ constraint: SolverConstraint) throws(SolverError) {
        guard let (_, tag) = constraints.removeValue(forKey: ObjectIdentifier(constraint)) else { throw .unknownConstraint }
        undoObjective(constraint, tag)
        if takeRow(of: tag.marker) == nil {
            guard let leaving = markerLeavingSymbol(tag.marker), let row = takeRow(of: leaving) else {
                throw .internalFailure("no row to remove the marker from")
            }
            row.solve(for: leaving, tag.marker)
            substitute(tag.marker, row)
        }
        try optimize(objective)
    }

    /// Takes a non-required constraint's errors back out of the objective.
    private func undoObjective(_ constraint: SolverConstraint, _ tag: Tag) {
        for symbol in [tag.marker, tag.other] where symbol.kind == .error && symbol.isValid {
            if let row = row(of: symbol) {
                objective.insert(row, -constraint.strength, spare: spare)
            } else {
                objective.insert(symbol, -constraint.strength)
            }
        }
    }

    /// The tableau row of a new constraint, with its slack, error or dummy symbols (Cassowary §3.2).
    private func makeRow(for constraint: SolverConstraint, tag: inout Tag) -> SolverRow {
        let expression = constraint.expression
        let row = SolverRow(constant: expression.constant)
        for term in expression.terms where !term.coefficient.isNearZero {
            if let basic = self.row(of: term.variable) {
                row.insert(basic, term.coefficient, spare: spare)
            } else {
                row.insert(term.variable, term.coefficient)
            }
        }
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let coefficient = constraint.relation == .lessThanOrEqual ? 1.0 : -1.0
            let slack = makeSymbol(.slack)
            tag.marker = slack
            tag.markerCoefficient = coefficient
            row.insert(slack, coefficient)
            if !constraint.isRequired {
                let error = makeSymbol(.error)
                tag.other = error
                row.insert(error, -coefficient)
                objective.insert(error, constraint.strength)
            }
        case .equal:
            if constraint.isRequired {
                let dummy = makeSymbol(.dummy)
                tag.marker = dummy
                tag.markerCoefficient = 1
                row.insert(dummy)
            } else {
                let plus = makeSymbol(.error)
                let minus = makeSymbol(.error)
                tag.marker = plus
                tag.other = minus
                tag.markerCoefficient = -1
                row.insert(plus, -1)
                row.insert(minus, 1)
                objective.insert(plus, constraint.strength)
                objective.insert(minus, constraint.strength)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return row
    }

    /// The symbol the new row is solved for: an external variable, else a new slack or error with
    /// a negative coefficient; invalid when only an artificial variable will do. Among external
    /// variables (any is valid, the paper says) the one held by the fewest rows, lowest id on a
    /// tie: it is substituted into those rows, so this keeps substitutions and fill-in small
    /// (Markowitz's rule for sparse elimination) — with the first one, chains of stacked views
    /// made every later substitution walk hundreds of rows.
    private func chooseSubject(_ row: SolverRow, _ tag: Tag) -> SolverSymbol {
        var best = SolverSymbol.invalid
        var fewest = Int.max
        for symbol in row.symbols where symbol.isExternal {
            let count = columns.count(of: symbol)
            if count < fewest {
                best = symbol
                fewest = count
                if count == 0 { break }
            }
        }
        if best.isValid { return best }
        if tag.marker.isPivotable && row.coefficient(for: tag.marker) < 0 { return tag.marker }
        if tag.other.isPivotable && row.coefficient(for: tag.other) < 0 { return tag.other }
        return .invalid
    }

    /// Adds `row` through an artificial variable (phase one of the simplex): true when the
    /// constraint can be satisfied.
    private func addWithArtificialVariable(_ row: SolverRow) throws(SolverError) -> Bool {
        let art = makeSymbol(.slack)
        insertRow(row.copy(), for: art)
        let artificialObjective = row.copy()
        artificial = artificialObjective
        try optimize(artificialObjective)
        let success = artificialObjective.constant.isNearZero
        artificial = nil
        if let basic = takeRow(of: art) {
            if basic.isEmpty { return success }
            guard let entering = basic.symbols.first(where: { $0.isPivotable }) else { return false }
            basic.solve(for: art, entering)
            substitute(entering, basic)
            insertRow(basic, for: entering)
        }
        for holder in columns.take(art) { self.row(of: holder)?.remove(art) }
        objective.remove(art)
        return success
    }

    /// Replaces `symbol` by `row` in every row that holds it and in the objectives; rows of
    /// restricted symbols that turn negative are queued for the dual simplex.
    /// - Complexity: O(rows holding `symbol` × (their cells + cells of `row`)).
    func substitute(_ symbol: SolverSymbol, _ row: SolverRow) {
        for basic in columns.take(symbol) {
            guard let other = self.row(of: basic) else { continue }
            other.substitute(symbol, row, spare: spare, tracking: SolverRow.Tracking(columns: columns, basic: basic))
            if !basic.isExternal && other.constant < 0 { infeasibleRows.append(basic) }
        }
        objective.substitute(symbol, row, spare: spare)
        artificial?.substitute(symbol, row, spare: spare)
    }

    // MARK: Simplex

    /// Primal simplex: pivots until no symbol of `objective` has a negative coefficient.
    func optimize(_ objective: SolverRow) throws(SolverError) {
        while true {
            // Bland's rule (no cycling): the entering symbol of lowest id; the cells are sorted.
            var entering = SolverSymbol.invalid
            for (index, symbol) in objective.symbols.enumerated() where symbol.kind != .dummy && objective.coefficients[index] < 0 {
                entering = symbol
                break
            }
            guard entering.isValid else { return }
            var leaving = SolverSymbol.invalid
            var ratio = Double.greatestFiniteMagnitude
            for symbol in columns.rows(containing: entering) where !symbol.isExternal {
                guard let row = self.row(of: symbol) else { continue }
                let coefficient = row.coefficient(for: entering)
                guard coefficient < 0 else { continue }
                let r = -row.constant / coefficient
                if r < ratio || (r == ratio && symbol.id < leaving.id) {
                    ratio = r
                    leaving = symbol
                }
            }
            guard leaving.isValid, let row = takeRow(of: leaving) else {
                throw .internalFailure("the objective is unbounded")
            }
            row.solve(for: leaving, entering)
            substitute(entering, row)
            insertRow(row, for: entering)
        }
    }

    /// Dual simplex: restores feasibility of the queued rows, keeping the objective optimal.
    /// Throws `.unsatisfiable` when a row cannot be made feasible (required constraints conflict).
    func dualOptimize() throws(SolverError) {
        while let leaving = infeasibleRows.popLast() {
            guard let row = row(of: leaving), !row.constant.isNearZero, row.constant < 0 else { continue }
            var entering = SolverSymbol.invalid
            var ratio = Double.greatestFiniteMagnitude
            for (index, symbol) in row.symbols.enumerated() where row.coefficients[index] > 0 && symbol.kind != .dummy {
                let r = objective.coefficient(for: symbol) / row.coefficients[index]
                if r < ratio || (r == ratio && symbol.id < entering.id) {
                    ratio = r
                    entering = symbol
                }
            }
            guard entering.isValid else {
                infeasibleRows.removeAll()
                throw .unsatisfiable
            }
            _ = takeRow(of: leaving)
            row.solve(for: leaving, entering)
            substitute(entering, row)
            insertRow(row, for: entering)
        }
    }

    /// The row a constraint's marker leaves through when the constraint is removed.
    private func markerLeavingSymbol(_ marker: SolverSymbol) -> SolverSymbol? {
        var r1 = Double.greatestFiniteMagnitude
        var r2 = Double.greatestFiniteMagnitude
        var first: SolverSymbol?
        var second: SolverSymbol?
        var third: SolverSymbol?
        for symbol in columns.rows(containing: marker) {
            guard let row = row(of: symbol) else { continue }
            let c = row.coefficient(for: marker)
            if c == 0 { continue }
            if symbol.isExternal {
                third = symbol
            } else if c < 0 {
                let r = -row.constant / c
                if r < r1 { r1 = r; first = symbol }
            } else {
                let r = row.constant / c
                if r < r2 { r2 = r; second = symbol }
            }
        }
        return first ?? second ?? third
    }
}
