import SeededGenerators

@testable import ResponderKit

/// A random, well-determined linear constraint system and the values it must solve to.
///
/// Variables are made in order; each is pinned by a required equality over earlier ones, or lies
/// between required bounds taken from earlier ones and prefers a strong target over a medium
/// and a weak one — so the optimum is unique and known as the system is built (the strong
/// target clamped into the bounds), and mistakes in either solver show as disagreements.
struct RandomConstraintSystem {
    struct Entry {
        var constraint: SolverConstraint
        /// A target whose constant later moves (`shiftConstant`), with the variable it aims at.
        var movable: Int?
    }

    var variables: [SolverSymbol] = []
    var entries: [Entry] = []
    var expected: [Double] = []
    /// For movable targets: (variable, lower bound, upper bound, target) to recompute the answer.
    var bands: [Int: (low: Double, high: Double, target: Double)] = [:]

    /// With `relativeBounds`, non-binding inequalities between variables are added too (not for
    /// systems whose targets will move: moved targets could make them bind).
    init(solver: SimplexSolver, generator: inout SplitMix64, relativeBounds: Bool) {
        let count = generator.int(3...14)
        for index in 0..<count {
            let variable = solver.makeVariable()
            variables.append(variable)
            if index > 0 && generator.chance(0.4) {
                var expression = LinearExpression(variable)
                var value = 0.0
                for _ in 0..<generator.int(1...2) {
                    let other = generator.int(0...(index - 1))
                    let coefficient = Double(generator.int(-4...4)) / 2
                    expression = expression - LinearExpression(variables[other], coefficient)
                    value += coefficient * expected[other]
                }
                let constant = Double(generator.int(-200...200))
                expression = expression + -constant
                entries.append(Entry(constraint: SolverConstraint(expression, .equal, strength: SolverStrength.required)))
                expected.append(value + constant)
                continue
            }
            // Absolute bounds: a bound relative to another variable could bind, and two strong
            // targets traded across it would have many optima.
            let low = Double(generator.int(-500...0))
            var high = Double(generator.int(1...500))
            entries.append(Entry(constraint: SolverConstraint(LinearExpression(variable) + -low, .greaterThanOrEqual, strength: SolverStrength.required)))
            high = max(high, low + Double(generator.int(10...300)))
            entries.append(Entry(constraint: SolverConstraint(LinearExpression(variable) + -high, .lessThanOrEqual, strength: SolverStrength.required)))
            let target = Double(generator.int(-700...700))
            entries.append(Entry(constraint: SolverConstraint(LinearExpression(variable) + -target, .equal, strength: SolverStrength.strong), movable: index))
            let medium = Double(generator.int(-700...700))
            entries.append(Entry(constraint: SolverConstraint(LinearExpression(variable) + -medium, .equal, strength: SolverStrength.medium)))
            let weak = Double(generator.int(-700...700))
            entries.append(Entry(constraint: SolverConstraint(LinearExpression(variable) + -weak, .greaterThanOrEqual, strength: SolverStrength.weak)))
            bands[index] = (low, high, target)
            expected.append(min(max(target, low), high))
            // A relative inequality that does not bind at the optimum (so it stays unique) still
            // goes through the tableau — only while targets stay put.
            if relativeBounds && index > 0 && generator.chance(0.5) {
                let other = generator.int(0...(index - 1))
                let gap = (expected[index] - expected[other]).rounded(.down) - Double(generator.int(1...50))
                entries.append(
                    Entry(
                        constraint: SolverConstraint(
                            LinearExpression(variable) - LinearExpression(variables[other]) + -gap, .greaterThanOrEqual, strength: SolverStrength.required)))
            }
        }
        // Adding in a random order exercises the tableau differently from the building order.
        var shuffled = entries
        for i in stride(from: shuffled.count - 1, to: 0, by: -1) { shuffled.swapAt(i, generator.int(0...i)) }
        entries = shuffled
    }

    /// The system for the kiwisolver script: one constraint a line,
    /// `strength relation constant index:coefficient …`.
    func script(shifts: [ObjectIdentifier: Double], removed: Set<ObjectIdentifier>) -> String {
        var lines = ["v \(variables.count)"]
        for entry in entries where !removed.contains(ObjectIdentifier(entry.constraint)) {
            let constraint = entry.constraint
            let constant = constraint.expression.constant + (shifts[ObjectIdentifier(constraint)] ?? 0)
            let terms = constraint.expression.terms.map { term in
                "\(variables.firstIndex(of: term.variable)!):\(term.coefficient)"
            }
            lines.append("c \(constraint.strength) \(constraint.relation.rawValue) \(constant) " + terms.joined(separator: " "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The python3 program that solves `script`'s format with kiwisolver and prints the values.
    static let kiwiProgram = """
        import sys, kiwisolver as kiwi
        def solve(variables, constraints):
            solver = kiwi.Solver()
            for constraint in constraints:
                solver.addConstraint(constraint)
            solver.updateVariables()
            print(" ".join(repr(v.value()) for v in variables))
        variables, constraints = None, []
        for line in open(sys.argv[1]):
            parts = line.split()
            if parts[0] == "v":
                if variables is not None:
                    solve(variables, constraints)
                variables = [kiwi.Variable("x%d" % i) for i in range(int(parts[1]))]
                constraints = []
                continue
            strength, relation, constant = float(parts[1]), parts[2], float(parts[3])
            expression = kiwi.Expression([], constant)
            for term in parts[4:]:
                index, coefficient = term.split(":")
                expression = expression + variables[int(index)] * float(coefficient)
            if relation == "==": constraint = expression == 0
            elif relation == "<=": constraint = expression <= 0
            else: constraint = expression >= 0
            constraints.append(constraint | strength)
        if variables is not None:
            solve(variables, constraints)
        """
}
