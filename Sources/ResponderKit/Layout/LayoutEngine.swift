/// The Auto Layout engine of one tree (a window, or the root of views not in a window): the
/// Cassowary solver and what it knows of the tree's views and guides.
///
/// Each view or guide that takes part has four solver variables: its frame's minX, minY, width
/// and height, in its superview's (a guide: its owning view's) coordinates, as UIKit's engine
/// keeps them; an attribute seen from a constraint's common ancestor adds the x or y variables
/// of the views in between. A view that translates its frame into constraints has four
/// required equalities holding its frame; a view laid out by constraints has its intrinsic
/// content size as hugging (≤) and compression resistance (≥) constraints at its priorities.
///
/// Constraints enter and leave the solver as they are activated and deactivated (incremental
/// Cassowary); the layout pass (`update()`) then sets the frames that changed.
@MainActor
final class LayoutEngine {
    /// A view or guide in the engine.
    @MainActor final class ItemRecord {
        let object: AnyObject
        /// `object` when it is a view (kept apart so the per-pass walk needs no cast).
        let view: View?
        /// `object` when it is a layout guide (likewise).
        let guide: LayoutGuide?
        /// Whether the view was hidden at the last pass (a stack view collapses hidden views).
        var wasHidden: Bool
        let x: SolverSymbol
        let y: SolverSymbol
        let width: SolverSymbol
        let height: SolverSymbol
        /// Constraints and records using its variables; at zero it leaves the engine.
        var references = 0
        /// Its translated-frame, intrinsic-size or guide constraints.
        var system: [SolverConstraint] = []
        /// Records its system constraints use (a guide's owning view).
        var dependencies: [ItemRecord] = []
        /// The frame its translated constraints hold (views that translate their frame).
        var heldFrame: Rect?
        /// The frame the engine last set.
        var appliedFrame: Rect?

        init(_ object: AnyObject, solver: SimplexSolver) {
            self.object = object
            self.view = object as? View
            self.guide = object as? LayoutGuide
            self.wasHidden = view?.isHidden ?? false
            x = solver.makeVariable()
            y = solver.makeVariable()
            width = solver.makeVariable()
            height = solver.makeVariable()
        }
    }

    /// An active constraint in the solver.
    struct Entry {
        var solverConstraint: SolverConstraint
        var records: [ItemRecord]
        /// Refused as unsatisfiable: active, but not in the solver (UIKit's broken constraint).
        var isBroken: Bool
    }

    /// The view whose `layoutState.engine` this is.
    unowned let root: View
    var solver = SimplexSolver()
    var records: [ObjectIdentifier: ItemRecord] = [:]
    var entries: [ObjectIdentifier: (constraint: LayoutConstraint, entry: Entry)] = [:]
    /// Views whose `updateConstraints()` runs at the next pass.
    var constraintUpdates: [View] = []
    /// Something changed since frames were last set.
    private(set) var isDirty = false
    /// Guards the re-entry of `update()` from frame changes it makes itself.
    private var isUpdating = false
    /// Set while the root re-runs the layout pass after the engine moved frames.
    var isFinishingPass = false
    /// The keyboard layout guides in the engine, with the height of their owner the keyboard
    /// covered when their constraints were made (`LayoutEngine+KeyboardGuide`).
    var keyboardGuides: [KeyboardGuideEntry] = []

    init(root: View) { self.root = root }

    // MARK: Finding engines

    /// The engine of `view`'s tree, made when it has none.
    static func of(_ view: View) -> LayoutEngine {
        let root = view.windowStorage ?? view.rootView
        if let engine = root.layoutState?.engine { return engine }
        let engine = LayoutEngine(root: root)
        root.layoutStorage.engine = engine
        return engine
    }

    /// The engine of `view`'s tree, if it has one.
    static func existing(of view: View) -> LayoutEngine? {
        (view.windowStorage ?? view.rootView).layoutState?.engine
    }

    /// The engines with a record of `item` (at most one: its tree's).
    static func engines(holding item: AnyObject) -> [LayoutEngine] {
        let level = (item as? View) ?? (item as? LayoutGuide)?.owningView
        guard let level, let engine = existing(of: level), engine.records[ObjectIdentifier(item)] != nil else { return [] }
        return [engine]
    }

    // MARK: Constraints

    /// Puts an activated constraint into the solver.
    func add(_ constraint: LayoutConstraint) {
        constraint.engine = self
        guard let host = constraint.installedOn else { return }
        // Right to left, a constraint on leading or trailing is read on the mirrored x axis
        // (x' = -x), as UIKit's: leading is the right edge and its constant counts leftwards,
        // so `leading == superview.leading + 20` insets 20 points from the right.
        let direction = host.effectiveUserInterfaceLayoutDirection
        let mirrored = direction == .rightToLeft && (constraint.firstAttribute.isDirectional || constraint.secondAttribute.isDirectional)
        var used: [ItemRecord] = []
        guard let first = constraint.firstItem.flatMap(LayoutItemRef.init),
            var expression = expression(direction.resolve(constraint.firstAttribute), of: first, in: host, using: &used)
        else { return reportUnplaceable(constraint) }
        if mirrored, constraint.firstAttribute.isHorizontalPosition { expression = expression * -1 }
        var rhs = LinearExpression(constant: constraint.constant)
        if let secondObject = constraint.secondItem {
            guard let second = LayoutItemRef(secondObject),
                var other = self.expression(direction.resolve(constraint.secondAttribute), of: second, in: host, using: &used)
            else { return reportUnplaceable(constraint) }
            if mirrored, constraint.secondAttribute.isHorizontalPosition { other = other * -1 }
            rhs = other * constraint.multiplier + constraint.constant
        }
        expression = expression - rhs
        let relation: SolverRelation =
            switch constraint.relation {
            case .equal: .equal
            case .lessThanOrEqual: .lessThanOrEqual
            case .greaterThanOrEqual: .greaterThanOrEqual
            }
        let solverConstraint = SolverConstraint(
            expression, relation, strength: SolverStrength.of(priority: constraint.priority.rawValue),
            describe: { constraint.description })
        for record in used { record.references += 1 }
        var entry = Entry(solverConstraint: solverConstraint, records: used, isBroken: false)
        entry.isBroken = !addToSolver(solverConstraint, breaking: constraint)
        entries[ObjectIdentifier(constraint)] = (constraint, entry)
        setDirty()
    }

    /// Takes a deactivated (or moved) constraint out of the solver.
    func remove(_ constraint: LayoutConstraint) {
        guard let (_, entry) = entries.removeValue(forKey: ObjectIdentifier(constraint)) else { return }
        if constraint.engine === self { constraint.engine = nil }
        if !entry.isBroken { removeFromSolver(entry.solverConstraint) }
        for record in entry.records { release(record) }
        setDirty()
    }

    /// `constant` moved by `delta`: the solver shifts the constraint's constant (dual simplex).
    func constantChanged(_ constraint: LayoutConstraint, by delta: Double) {
        guard let (_, entry) = entries[ObjectIdentifier(constraint)] else { return }
        setDirty()
        if entry.isBroken { return readd(constraint) }
        do {
            // The expression is `first - (m × second + constant)`.
            try solver.shiftConstant(of: entry.solverConstraint, by: -delta)
        } catch {
            rebuild()
        }
    }

    /// `priority` changed: the constraint goes back in at its new strength.
    func priorityChanged(_ constraint: LayoutConstraint) { readd(constraint) }

    private func readd(_ constraint: LayoutConstraint) {
        remove(constraint)
        add(constraint)
    }

    /// Deactivates the constraints that use `item` (a guide being removed).
    func deactivateConstraints(using item: AnyObject) {
        let using = entries.values.filter { $0.constraint.firstItem === item || $0.constraint.secondItem === item }
        for (constraint, _) in using { constraint.isActive = false }
    }

    /// `view` asked for `updateConstraints()`.
    func requestConstraintUpdate(for view: View) {
        if !constraintUpdates.contains(where: { $0 === view }) { constraintUpdates.append(view) }
        setDirty()
    }

    /// `item`'s translation flag, intrinsic size, priorities or margins changed.
    /// Its system constraints are rebuilt at once, so a constraint activated next (the one that
    /// made a view stop translating its frame) meets the new ones, not the frame it held.
    func itemSystemChanged(_ item: AnyObject) {
        guard let record = records[ObjectIdentifier(item)] else { return }
        reinstallSystemConstraints(of: record)
        setDirty()
    }

    func setDirty() {
        guard !isDirty else { return }
        isDirty = true
        if !isUpdating { root.markSubtreeNeedsLayout() }
    }

    // MARK: Solver calls

    /// Adds to the solver; an unsatisfiable required constraint is reported with the ones it
    /// conflicts with and left out (broken), as UIKit recovers. Returns whether it went in.
    @discardableResult
    func addToSolver(_ constraint: SolverConstraint, breaking owner: LayoutConstraint?) -> Bool {
        do {
            try solver.add(constraint)
            return true
        } catch SolverError.unsatisfiable {
            reportUnsatisfiable(constraint)
            return false
        } catch {
            ResponderDiagnostics.report(.layout("solver failure on \(constraint.label): \(error); rebuilding"))
            rebuild()
            return solver.contains(constraint)
        }
    }

    func removeFromSolver(_ constraint: SolverConstraint) {
        guard solver.contains(constraint) else { return }
        do { try solver.remove(constraint) } catch { rebuild() }
    }

    /// Starts the solver again from every constraint it should hold (after a failure of an
    /// incremental step: a constant change that made required constraints conflict).
    func rebuild() {
        let old = entries
        solver = SimplexSolver()
        records = [:]
        entries = [:]
        for (constraint, _) in old.values { add(constraint) }
        setDirty()
    }

    // MARK: Records

    /// `object`'s record, made (with its system constraints) when it has none.
    func record(for object: AnyObject) -> ItemRecord {
        if let record = records[ObjectIdentifier(object)] { return record }
        let record = ItemRecord(object, solver: solver)
        records[ObjectIdentifier(object)] = record
        installSystemConstraints(of: record)
        return record
    }

    func release(_ record: ItemRecord) {
        record.references -= 1
        guard record.references <= 0 else { return }
        for constraint in record.system { removeFromSolver(constraint) }
        record.system = []
        records[ObjectIdentifier(record.object)] = nil
        for dependency in record.dependencies { release(dependency) }
        record.dependencies = []
    }

    /// The constraints the engine adds for an item itself (see the type's documentation).
    func installSystemConstraints(of record: ItemRecord) {
        var system: [SolverConstraint] = []
        func equal(_ variable: SolverSymbol, _ value: LinearExpression, _ label: @escaping @MainActor () -> String) {
            system.append(SolverConstraint(LinearExpression(variable) - value, .equal, strength: SolverStrength.required, describe: label))
        }
        if let view = record.object as? View {
            let viewType = type(of: view)
            let name = { "\(viewType)" }
            if view.translatesAutoresizingMaskIntoConstraints {
                let frame = Rect(origin: view.frameOrigin, size: view.boundsStorage.size)
                record.heldFrame = frame
                let mask = { "<AutoresizingMaskLayoutConstraint \(name())" }
                equal(record.x, LinearExpression(constant: frame.minX)) { "\(mask()).minX == \(frame.minX)>" }
                equal(record.y, LinearExpression(constant: frame.minY)) { "\(mask()).minY == \(frame.minY)>" }
                equal(record.width, LinearExpression(constant: frame.width)) { "\(mask()).width == \(frame.width)>" }
                equal(record.height, LinearExpression(constant: frame.height)) { "\(mask()).height == \(frame.height)>" }
            } else {
                record.heldFrame = nil
                let size = view.intrinsicContentSize
                let axes: [(SolverSymbol, Double, LayoutAxis, String)] = [
                    (record.width, size.width, .horizontal, "width"), (record.height, size.height, .vertical, "height")
                ]
                for (variable, value, axis, dimension) in axes where value >= 0 && value.isFinite {
                    let hugging = view.contentHuggingPriority(for: axis)
                    let resistance = view.contentCompressionResistancePriority(for: axis)
                    system.append(
                        SolverConstraint(
                            LinearExpression(variable) + -value, .lessThanOrEqual, strength: SolverStrength.of(priority: hugging.rawValue),
                            describe: { "<ContentSizeLayoutConstraint \(name()).\(dimension) <= \(value) hug:\(hugging)>" }))
                    system.append(
                        SolverConstraint(
                            LinearExpression(variable) + -value, .greaterThanOrEqual,
                            strength: SolverStrength.of(priority: resistance.rawValue),
                            describe: { "<ContentSizeLayoutConstraint \(name()).\(dimension) >= \(value) compressionResistance:\(resistance)>" }))
                }
            }
        } else if let guide = record.object as? LayoutGuide, let owner = guide.owningView, guide.kind == .keyboard {
            system = keyboardGuideConstraints(of: record, owner: owner)
        } else if let guide = record.object as? LayoutGuide, let owner = guide.owningView, guide.kind != .custom {
            let ownerRecord = self.record(for: owner)
            ownerRecord.references += 1
            record.dependencies = [ownerRecord]
            let insets = guide.kind == .layoutMargins ? owner.layoutMargins : EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
            let (identifier, ownerType) = (guide.identifier, type(of: owner))
            let name = { "<\(identifier) of \(ownerType)" }
            equal(record.x, LinearExpression(constant: insets.left)) { "\(name()).minX == \(insets.left)>" }
            equal(record.y, LinearExpression(constant: insets.top)) { "\(name()).minY == \(insets.top)>" }
            equal(record.width, LinearExpression(ownerRecord.width) + -(insets.left + insets.right)) { "\(name()).width>" }
            equal(record.height, LinearExpression(ownerRecord.height) + -(insets.top + insets.bottom)) { "\(name()).height>" }
        }
        record.system = system
        for constraint in system { addToSolver(constraint, breaking: nil) }
    }

    /// Rebuilds an item's system constraints (its flag, intrinsic size or margins changed).
    func reinstallSystemConstraints(of record: ItemRecord) {
        for constraint in record.system { removeFromSolver(constraint) }
        for dependency in record.dependencies { release(dependency) }
        record.dependencies = []
        installSystemConstraints(of: record)
    }

    // MARK: Expressions

    /// `attribute` of `item` in `host`'s bounds coordinates (bounds origins are taken as zero:
    /// constraints place content, as a scroll view's content layout guide does); nil when the
    /// item is not inside `host`. Leading and trailing arrive resolved to left and right by the
    /// host's direction (`UserInterfaceLayoutDirection.resolve`); unresolved, they mean left and
    /// right.
    func expression(
        _ attribute: LayoutConstraint.Attribute, of item: LayoutItemRef, in host: View, using used: inout [ItemRecord]
    ) -> LinearExpression? {
        let own = record(for: item.object)
        used.append(own)
        var offsetX = LinearExpression()
        var offsetY = LinearExpression()
        if item.view !== host {
            offsetX = LinearExpression(own.x)
            offsetY = LinearExpression(own.y)
            var current: View? = item.view?.superview ?? item.guide?.owningView
            while let view = current, view !== host {
                let ancestor = record(for: view)
                used.append(ancestor)
                offsetX = offsetX + LinearExpression(ancestor.x)
                offsetY = offsetY + LinearExpression(ancestor.y)
                current = view.superview
            }
            if current == nil { return nil }
        }
        let width = LinearExpression(own.width)
        let height = LinearExpression(own.height)
        switch attribute {
        case .left, .leading: return offsetX
        case .right, .trailing: return offsetX + width
        case .centerX: return offsetX + width * 0.5
        case .width: return width
        case .top: return offsetY
        case .bottom: return offsetY + height
        case .centerY: return offsetY + height * 0.5
        case .height: return height
        case .firstBaseline, .lastBaseline:
            guard let label = item.view as? Label else { return offsetY + height }
            return offsetY + height * 0.5 + label.baselineOffsetFromCenter(last: attribute == .lastBaseline)
        case .notAnAttribute: return LinearExpression()
        }
    }

    private func reportUnplaceable(_ constraint: LayoutConstraint) {
        ResponderDiagnostics.report(.layout("\(constraint) was not activated: an item is not inside the view it is installed on"))
        constraint.installedOn?.layoutState?.constraints.removeAll { $0 === constraint }
        constraint.installedOn = nil
        constraint.engine = nil
    }

    // MARK: The layout pass

    /// Runs the pending `updateConstraints()`, takes in frames set in code on views that
    /// translate them and the changed system constraints, and sets the frames of the views laid
    /// out by constraints. Returns whether it changed a frame.
    /// - Complexity: O(items in the engine) to compare frames, no allocation when nothing
    ///   changed; plus the solver's incremental work for what did.
    @discardableResult
    func update() -> Bool {
        guard !isUpdating else { return false }
        isUpdating = true
        defer { isUpdating = false }
        if !constraintUpdates.isEmpty {
            let views = constraintUpdates
            constraintUpdates = []
            for view in views { view.updateConstraints() }
        }
        // Frames set in code on views that translate them: shift the held constants. Arranged
        // subviews shown or hidden: their stack view arranges again.
        var stacksToArrange: [StackView] = []
        for record in records.values {
            guard let view = record.view else { continue }
            if view.isHidden != record.wasHidden {
                record.wasHidden = view.isHidden
                // Hidden inside an animation block: drawn until its collapse animation ends.
                if view.isHidden, view.superview is StackView { AnimationTransaction.current?.keepDrawnWhileCollapsing(view) }
                if let stack = view.superview as? StackView, !stacksToArrange.contains(where: { $0 === stack }) {
                    stacksToArrange.append(stack)
                }
            }
            guard let held = record.heldFrame else { continue }
            let frame = Rect(origin: view.frameOrigin, size: view.boundsStorage.size)
            guard frame != held else { continue }
            record.heldFrame = frame
            let deltas = [frame.minX - held.minX, frame.minY - held.minY, frame.width - held.width, frame.height - held.height]
            for (constraint, delta) in zip(record.system, deltas) where delta != 0 {
                do {
                    try solver.shiftConstant(of: constraint, by: -delta)
                } catch {
                    rebuild()
                    break
                }
            }
            isDirty = true
        }
        for stack in stacksToArrange { stack.arrange() }
        if !keyboardGuides.isEmpty { refreshKeyboardGuides() }
        guard isDirty else { return false }
        isDirty = false
        return applyFrames()
    }

    /// How many views a layout pass moves with their own damage walks; past this it damages the
    /// whole window once instead (`Window.beginWholeWindowDamage()`).
    static let damageWalkLimit = 16

    /// Sets each constrained view's frame (and each guide's `layoutFrame`) from the solution.
    /// - Complexity: O(items); a view moved costs its setters, without damage walks past
    ///   `damageWalkLimit` moved views.
    private func applyFrames() -> Bool {
        var changed = false
        var moved = 0
        var batchedWindow: Window?
        defer { batchedWindow?.endWholeWindowDamage() }
        for record in records.values {
            let frame = Rect(
                x: solver.value(of: record.x), y: solver.value(of: record.y), width: solver.value(of: record.width),
                height: solver.value(of: record.height))
            if let guide = record.guide {
                guide.layoutFrame = frame
                continue
            }
            guard let view = record.view, record.heldFrame == nil, record.appliedFrame != frame || view.frame != frame else {
                continue
            }
            record.appliedFrame = frame
            guard view.windowStorage === root || view.rootView === root else { continue }
            moved += 1
            if moved == Self.damageWalkLimit, batchedWindow == nil, let window = view.windowStorage, !window.damagesWholeWindow {
                window.beginWholeWindowDamage()
                batchedWindow = window
            }
            let size = Size(width: max(0, frame.width), height: max(0, frame.height))
            if view.boundsStorage.size != size { view.bounds = Rect(origin: view.boundsStorage.origin, size: size) }
            view.center = Point(x: frame.minX + size.width / 2, y: frame.minY + size.height / 2)
            changed = true
        }
        return changed
    }
}
