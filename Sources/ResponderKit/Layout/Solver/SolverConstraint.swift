/// How a constraint's expression compares with zero.
enum SolverRelation: String {
    /// `expression ≤ 0`.
    case lessThanOrEqual = "<="
    /// `expression = 0`.
    case equal = "=="
    /// `expression ≥ 0`.
    case greaterThanOrEqual = ">="
}

/// One constraint handed to `SimplexSolver`: `expression relation 0` with a strength. A class so
/// the solver keys its bookkeeping by identity.
final class SolverConstraint {
    /// The left side minus the right side.
    let expression: LinearExpression
    /// How it compares with zero.
    let relation: SolverRelation
    /// The weight of its error in the objective; `SolverStrength.required` when it must hold.
    let strength: Double
    /// Makes `label` when a diagnostic needs it: describing thousands of constraints up front
    /// (UIKit's text of each) was a large part of activating them.
    private let describe: @MainActor () -> String

    /// What it is, for diagnostics (the layout constraint it was made from).
    @MainActor var label: String { describe() }

    convenience init(_ expression: LinearExpression, _ relation: SolverRelation, strength: Double, label: String = "") {
        self.init(expression, relation, strength: strength, describe: { label })
    }

    /// A constraint whose label is made by `describe`, only when asked for.
    init(_ expression: LinearExpression, _ relation: SolverRelation, strength: Double, describe: @escaping @MainActor () -> String) {
        self.expression = expression
        self.relation = relation
        self.strength = min(max(strength, 0), SolverStrength.required)
        self.describe = describe
    }

    /// Whether it must hold exactly.
    var isRequired: Bool { strength >= SolverStrength.required }
}

/// Cassowary's symbolic strengths as weights (kiwi's values): a strong error outweighs a
/// thousand medium ones, a medium a thousand weak ones.
enum SolverStrength {
    /// Must hold; never weighed.
    static let required = 1_001_001_000.0
    /// kiwi's `strong`.
    static let strong = 1_000_000.0
    /// kiwi's `medium`.
    static let medium = 1_000.0
    /// kiwi's `weak`.
    static let weak = 1.0

    /// UIKit's priority (1…1000) as a strength: 1000 is required; below it the weight grows
    /// tenfold every ~83 steps, so `.defaultLow` (250) is weak, 500 medium and `.defaultHigh`
    /// (750) strong — compression resistance at 750 outweighs hugging at 250 a millionfold, as
    /// UIKit's priorities dominate one another.
    static func of(priority: Float) -> Double {
        if priority >= 1000 { return required }
        let p = Double(max(priority, 1))
        return pow10((p - 250) / 500 * 6)
    }

    private static func pow10(_ exponent: Double) -> Double {
        // exp(x·ln 10), without Foundation.
        var result = 1.0
        var remaining = exponent
        while remaining >= 1 { result *= 10; remaining -= 1 }
        while remaining < 0 { result /= 10; remaining += 1 }
        // 10^f for f in [0, 1) by a short series of exp(f·ln 10).
        let x = remaining * 2.302585092994046
        var term = 1.0
        var sum = 1.0
        for n in 1...20 {
            term *= x / Double(n)
            sum += term
        }
        return result * sum
    }
}

/// Why the solver refused a request.
enum SolverError: Error, Equatable {
    /// A required constraint cannot hold together with the required ones already there.
    case unsatisfiable
    /// The constraint was already added.
    case duplicate
    /// The constraint is not in the solver.
    case unknownConstraint
    /// The variable has no edit constraint.
    case unknownEditVariable
    /// The objective is unbounded (a bug: every error is bounded below by zero).
    case internalFailure(String)
}
