import Testing

@testable import ResponderKit

/// The Cassowary solver on hand-made systems: equalities, inequalities, strengths, incremental
/// removal, edit variables and constant changes, and unsatisfiable required constraints.
@Suite struct SimplexSolverTests {
    @Test func equalitiesChainThroughTheTableau() throws {
        let solver = SimplexSolver()
        let x = solver.makeVariable()
        let y = solver.makeVariable()
        try solver.add(SolverConstraint(LinearExpression(x) + -10, .equal, strength: SolverStrength.required))
        try solver.add(SolverConstraint(LinearExpression(y) - LinearExpression(x, 2) + -5, .equal, strength: SolverStrength.required))
        #expect(solver.value(of: x) == 10)
        #expect(solver.value(of: y) == 25)
    }

    @Test func strongerPreferenceWinsAndInequalitiesClamp() throws {
        let solver = SimplexSolver()
        let x = solver.makeVariable()
        try solver.add(SolverConstraint(LinearExpression(x) + -100, .equal, strength: SolverStrength.weak))
        try solver.add(SolverConstraint(LinearExpression(x) + -40, .equal, strength: SolverStrength.strong))
        #expect(abs(solver.value(of: x) - 40) < 1e-9)
        let bound = SolverConstraint(LinearExpression(x) + -60, .greaterThanOrEqual, strength: SolverStrength.required)
        try solver.add(bound)
        #expect(abs(solver.value(of: x) - 60) < 1e-9)
        try solver.remove(bound)
        #expect(abs(solver.value(of: x) - 40) < 1e-9)
    }

    @Test func conflictingRequiredConstraintIsRefusedAndTheRestStands() throws {
        let solver = SimplexSolver()
        let x = solver.makeVariable()
        try solver.add(SolverConstraint(LinearExpression(x) + -10, .equal, strength: SolverStrength.required))
        let conflict = SolverConstraint(LinearExpression(x) + -20, .equal, strength: SolverStrength.required)
        #expect(throws: SolverError.unsatisfiable) { try solver.add(conflict) }
        #expect(!solver.contains(conflict))
        #expect(solver.value(of: x) == 10)
        let inequality = SolverConstraint(LinearExpression(x) + -30, .greaterThanOrEqual, strength: SolverStrength.required)
        #expect(throws: SolverError.unsatisfiable) { try solver.add(inequality) }
        #expect(solver.value(of: x) == 10)
    }

    @Test func editVariableFollowsSuggestions() throws {
        let solver = SimplexSolver()
        let left = solver.makeVariable()
        let width = solver.makeVariable()
        let right = solver.makeVariable()
        try solver.add(SolverConstraint(LinearExpression(right) - LinearExpression(left) - LinearExpression(width), .equal, strength: SolverStrength.required))
        try solver.add(SolverConstraint(LinearExpression(left) + -10, .equal, strength: SolverStrength.required))
        try solver.add(SolverConstraint(LinearExpression(width) + -50, .greaterThanOrEqual, strength: SolverStrength.required))
        try solver.addEditVariable(right, strength: SolverStrength.strong)
        for value in [100.0, 200, 30, 75] {
            try solver.suggestValue(value, for: right)
            #expect(abs(solver.value(of: right) - max(value, 60)) < 1e-9)
            #expect(abs(solver.value(of: width) - max(value - 10, 50)) < 1e-9)
        }
    }

    @Test func constantShiftMatchesAFreshSolve() throws {
        let solver = SimplexSolver()
        let a = solver.makeVariable()
        let b = solver.makeVariable()
        let gap = SolverConstraint(LinearExpression(b) - LinearExpression(a) + -8, .equal, strength: SolverStrength.required)
        let floor = SolverConstraint(LinearExpression(b) + -100, .lessThanOrEqual, strength: SolverStrength.required)
        try solver.add(SolverConstraint(LinearExpression(a) + -20, .equal, strength: SolverStrength.strong))
        try solver.add(gap)
        try solver.add(floor)
        #expect(abs(solver.value(of: b) - 28) < 1e-9)
        try solver.shiftConstant(of: gap, by: -50)  // b - a = 58
        #expect(abs(solver.value(of: b) - 78) < 1e-9)
        try solver.shiftConstant(of: gap, by: -50)  // b - a = 108: b hits 100, a gives way
        #expect(abs(solver.value(of: b) - 100) < 1e-9)
        #expect(abs(solver.value(of: a) - -8) < 1e-9)
    }
}
