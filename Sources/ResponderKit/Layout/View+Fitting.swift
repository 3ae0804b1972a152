/// UIKit's `systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)`:
/// the size Auto Layout gives a view when its width and height are only pulled toward a target
/// (a table's self-sizing rows measure their content view this way).
extension View {
    /// The size this view's constraints give it when its width is pulled toward
    /// `targetSize.width` at `horizontalPriority` and its height toward `targetSize.height` at
    /// `verticalPriority` (`.required` fixes a dimension; `.fittingSizeLevel` lets the content
    /// decide: the tightest size its constraints allow). The view's frame does not change.
    ///
    /// A view that no constraint mentions has no Auto Layout size: the answer is the target
    /// width and 0 height (callers fall back to `sizeThatFits`).
    /// - Complexity: the solver's incremental work for two temporary constraints (its held
    ///   frame's width and height leave the solver meanwhile and come back after).
    public func systemLayoutSizeFitting(
        _ targetSize: Size, withHorizontalFittingPriority horizontalPriority: LayoutPriority,
        verticalFittingPriority verticalPriority: LayoutPriority
    ) -> Size {
        guard targetSize.width.isFinite, targetSize.height.isFinite else {
            ResponderDiagnostics.report(.layout("systemLayoutSizeFitting: the target size \(targetSize) must be finite"))
            return .zero
        }
        guard let engine = LayoutEngine.existing(of: self) else { return Size(width: targetSize.width, height: 0) }
        engine.update()
        guard let record = engine.records[ObjectIdentifier(self)] else { return Size(width: targetSize.width, height: 0) }
        // The held frame's width and height (a view that translates its frame) step aside.
        let held = record.heldFrame != nil && record.system.count == 4 ? Array(record.system[2...3]) : []
        for constraint in held { engine.removeFromSolver(constraint) }
        let viewType = type(of: self)
        func pull(_ variable: SolverSymbol, _ value: Double, _ priority: LayoutPriority, _ name: String) -> SolverConstraint? {
            for strength in [SolverStrength.of(priority: priority.rawValue), SolverStrength.of(priority: 999)] {
                let constraint = SolverConstraint(
                    LinearExpression(variable) + -value, .equal, strength: strength,
                    describe: { "<FittingSizeConstraint \(viewType).\(name) == \(value)>" })
                if (try? engine.solver.add(constraint)) != nil { return constraint }
            }
            return nil
        }
        let width = pull(record.width, targetSize.width, horizontalPriority, "width")
        let height = pull(record.height, targetSize.height, verticalPriority, "height")
        let size = Size(width: max(0, engine.solver.value(of: record.width)), height: max(0, engine.solver.value(of: record.height)))
        for constraint in [width, height].compactMap({ $0 }) { engine.removeFromSolver(constraint) }
        for constraint in held { engine.addToSolver(constraint, breaking: nil) }
        return size
    }
}
