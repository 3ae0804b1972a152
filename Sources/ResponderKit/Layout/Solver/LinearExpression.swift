/// `constant + Σ coefficient × variable` over the solver's external variables.
struct LinearExpression {
    /// The terms; a variable may appear more than once (the solver adds them up).
    var terms: [(variable: SolverSymbol, coefficient: Double)]
    /// The constant term.
    var constant: Double

    init(_ terms: [(variable: SolverSymbol, coefficient: Double)] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// `coefficient × variable`.
    init(_ variable: SolverSymbol, _ coefficient: Double = 1) {
        self.init([(variable, coefficient)])
    }

    static func + (a: LinearExpression, b: LinearExpression) -> LinearExpression {
        LinearExpression(a.terms + b.terms, constant: a.constant + b.constant)
    }

    static func - (a: LinearExpression, b: LinearExpression) -> LinearExpression { a + b * -1 }

    static func * (a: LinearExpression, factor: Double) -> LinearExpression {
        LinearExpression(a.terms.map { ($0.variable, $0.coefficient * factor) }, constant: a.constant * factor)
    }

    static func + (a: LinearExpression, constant: Double) -> LinearExpression {
        LinearExpression(a.terms, constant: a.constant + constant)
    }
}
