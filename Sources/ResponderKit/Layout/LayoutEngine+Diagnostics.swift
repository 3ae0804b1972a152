/// UIKit's Auto Layout diagnostics: the conflicting required constraints behind an
/// unsatisfiable one, and ambiguity (a frame the constraints leave free).
extension LayoutEngine {
    /// How many candidate constraints the conflict search narrows one by one; past this the
    /// whole connected group is listed.
    static let conflictSearchLimit = 80

    /// Reports `failing` as UIKit does ("Unable to simultaneously satisfy constraints"), naming
    /// a smallest set of required constraints it conflicts with, and the one broken to recover:
    /// the lowest priority of the set — all required, so the one being added.
    func reportUnsatisfiable(_ failing: SolverConstraint) {
        let conflict = conflictingConstraints(with: failing)
        var text = "Unable to simultaneously satisfy constraints.\n"
        text += "\tProbably at least one of the constraints in the following list is one you don't want.\n"
        text += "(\n" + conflict.map { "    \($0.label)" }.joined(separator: ",\n") + "\n)\n"
        text += "Will attempt to recover by breaking constraint\n\(failing.label)"
        ResponderDiagnostics.report(.layout(text))
    }

    /// The required constraints in the solver that, with `failing`, have no solution: those
    /// sharing variables with it (transitively), narrowed by dropping each one that is not
    /// needed for the conflict (a deletion filter), when there are few enough.
    func conflictingConstraints(with failing: SolverConstraint) -> [SolverConstraint] {
        var all: [SolverConstraint] = entries.values.compactMap { $0.entry.isBroken ? nil : $0.entry.solverConstraint }
        for record in records.values { all += record.system }
        all = all.filter { $0.isRequired && solver.contains($0) }
        // The connected group: constraints reachable from `failing` through shared variables.
        var variables = Set(failing.expression.terms.map(\.variable))
        var group: [SolverConstraint] = []
        var rest = all
        var grew = true
        while grew {
            grew = false
            rest.removeAll { constraint in
                guard constraint.expression.terms.contains(where: { variables.contains($0.variable) }) else { return false }
                group.append(constraint)
                for term in constraint.expression.terms { variables.insert(term.variable) }
                grew = true
                return true
            }
        }
        guard group.count <= Self.conflictSearchLimit else { return group + [failing] }
        var needed = group
        var index = 0
        while index < needed.count {
            var without = needed
            without.remove(at: index)
            if !isSatisfiable(without + [failing]) { needed = without } else { index += 1 }
        }
        return needed + [failing]
    }

    /// Whether required `constraints` hold together (a fresh solver, whose own symbols start
    /// past the engine's variables).
    func isSatisfiable(_ constraints: [SolverConstraint]) -> Bool {
        let solver = SimplexSolver(firstID: self.solver.nextID)
        for constraint in constraints {
            let copy = SolverConstraint(constraint.expression, constraint.relation, strength: constraint.strength, label: "")
            do { try solver.add(copy) } catch { return false }
        }
        return true
    }

    // MARK: Ambiguity

    /// The smallest pull: below every priority, so it moves only what nothing holds.
    static let probeStrength = 1e-6

    /// Whether some variable of `view` can move without any constraint holding it back.
    func isAmbiguous(_ view: View) -> Bool {
        guard let record = records[ObjectIdentifier(view)] else { return false }
        return [record.x, record.y, record.width, record.height].contains { freedom(of: $0, apply: false) }
    }

    /// Moves `view`'s free variables to another value they may take (and keeps them there).
    func exerciseAmbiguity(of view: View) {
        guard let record = records[ObjectIdentifier(view)] else { return }
        var moved = false
        for variable in [record.x, record.y, record.width, record.height] where freedom(of: variable, apply: true) { moved = true }
        if moved { setDirty() }
    }

    /// Pulls `variable` a little up and down with a probe weaker than any constraint; it is free
    /// when it follows. With `apply`, the position reached is kept.
    private func freedom(of variable: SolverSymbol, apply: Bool) -> Bool {
        let start = solver.value(of: variable)
        var free = false
        do {
            // A variable an earlier exercise pinned is probed afresh.
            if solver.edits[variable] != nil { try solver.removeEditVariable(variable) }
            try solver.addEditVariable(variable, strength: Self.probeStrength)
            for target in [start + 10, start - 10] {
                try solver.suggestValue(target, for: variable)
                if abs(solver.value(of: variable) - start) > 1e-6 {
                    free = true
                    if apply { break }
                }
            }
            if !apply || !free {
                try solver.suggestValue(start, for: variable)
                try solver.removeEditVariable(variable)
            }
            // Exercised: the probe stays, holding the free variable where it moved (weaker than
            // any constraint, it yields to everything added later).
        } catch {
            rebuild()
        }
        return free
    }
}
