/// The incremental half of Cassowary (§4 of the paper): edit variables whose suggested values
/// are applied by shifting the edit constraint's error and re-optimizing with the dual simplex,
/// and constant changes of any added constraint by the same shift of its marker.
extension SimplexSolver {
    /// Makes `variable` editable at `strength` (clamped below required, as kiwi requires).
    func addEditVariable(_ variable: SolverSymbol, strength: Double) throws(SolverError) {
        let constraint = SolverConstraint(LinearExpression(variable), .equal, strength: min(strength, SolverStrength.strong))
        try add(constraint)
        edits[variable] = EditInfo(tag: constraints[ObjectIdentifier(constraint)]!.tag, constraint: constraint, constant: 0)
    }

    /// Stops editing `variable`.
    func removeEditVariable(_ variable: SolverSymbol) throws(SolverError) {
        guard let info = edits.removeValue(forKey: variable) else { throw .unknownEditVariable }
        try remove(info.constraint)
    }

    /// Suggests `value` for an edit variable and re-solves incrementally.
    /// - Complexity: O(rows holding the marker) to shift the constants, plus a substitution per dual pivot.
    func suggestValue(_ value: Double, for variable: SolverSymbol) throws(SolverError) {
        guard var info = edits[variable] else { throw .unknownEditVariable }
        let delta = value - info.constant
        info.constant = value
        edits[variable] = info
        // The edit constraint is `variable - value = 0`: its constant moved by -delta.
        try shiftConstant(of: info.tag, by: -delta)
    }

    /// Changes the constant of an added constraint from its expression's to `constant`, and
    /// re-solves incrementally. The constraint object keeps its original expression: the caller
    /// passes the change as `delta`, the amount added to the expression's constant.
    /// - Complexity: O(rows holding the marker) plus a substitution per dual pivot.
    func shiftConstant(of constraint: SolverConstraint, by delta: Double) throws(SolverError) {
        guard let entry = constraints[ObjectIdentifier(constraint)] else { throw .unknownConstraint }
        try shiftConstant(of: entry.tag, by: delta)
    }

    /// `expression + delta + a·marker' = 0` is the old row with `marker = marker' + delta / a`:
    /// every row where the marker occurs shifts its constant, and the rows made negative are
    /// repaired by the dual simplex.
    private func shiftConstant(of tag: Tag, by delta: Double) throws(SolverError) {
        guard delta != 0 else { return }
        let shift = delta / tag.markerCoefficient
        if let row = row(of: tag.marker) {
            // A basic dummy is a redundant required equality: moved, it contradicts the others.
            guard tag.marker.kind != .dummy || shift.isNearZero else { throw .unsatisfiable }
            if row.add(-shift) < 0 && !tag.marker.isExternal { infeasibleRows.append(tag.marker) }
        } else {
            for basic in columns.rows(containing: tag.marker) {
                guard let row = row(of: basic) else { continue }
                let coefficient = row.coefficient(for: tag.marker)
                if coefficient != 0 && row.add(shift * coefficient) < 0 && !basic.isExternal { infeasibleRows.append(basic) }
            }
            let coefficient = objective.coefficient(for: tag.marker)
            if coefficient != 0 { objective.add(shift * coefficient) }
        }
        try dualOptimize()
    }
}
