/// A column of the simplex tableau (Badros, Borning and Stuckey 2001, §3): an external variable
/// the app reads, or one of the solver's own restricted variables — a slack of an inequality, an
/// error of a non-required constraint, or a dummy that marks a required equality.
///
/// Symbols are compared and hashed by `id` alone (ids are never reused within a solver).
struct SolverSymbol: Hashable {
    /// What the symbol stands for; it decides which pivots may use it.
    enum Kind: UInt8 {
        /// A variable of the layout (unrestricted in sign; never leaves through a ratio test).
        case external
        /// An inequality's slack (≥ 0).
        case slack
        /// A non-required constraint's error (≥ 0, weighted in the objective).
        case error
        /// A required equality's marker: always zero, never enters the basis.
        case dummy
    }

    /// Unique in its solver; 0 is the invalid symbol.
    let id: Int
    /// What it stands for.
    let kind: Kind

    /// The absent symbol (`id` 0), as kiwi's `Symbol()`.
    static let invalid = SolverSymbol(id: 0, kind: .external)

    /// Whether this is a real symbol.
    var isValid: Bool { id != 0 }
    /// Slacks and errors are restricted to be ≥ 0 and may pivot.
    var isPivotable: Bool { kind == .slack || kind == .error }
    /// Whether it is a layout variable.
    var isExternal: Bool { kind == .external }

    static func == (a: SolverSymbol, b: SolverSymbol) -> Bool { a.id == b.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// How close to zero a value must be to count as zero (kiwi's tolerance).
let solverEpsilon = 1.0e-8

extension Double {
    /// Whether the value is zero within the solver's tolerance.
    @inline(__always) var isNearZero: Bool { abs(self) < solverEpsilon }
}
