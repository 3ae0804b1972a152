/// A linear relation between two layout attributes (UIKit's `NSLayoutConstraint`):
/// `firstItem.firstAttribute  relation  multiplier × secondItem.secondAttribute + constant`.
///
/// Make constraints with anchors (`view.leadingAnchor.constraint(equalTo: …)`), then activate
/// them. An active constraint lives in the layout engine of its items' window and is solved in
/// the window's layout pass; changing `constant` re-solves incrementally (a dual simplex step,
/// not a new solve), as does `priority` between optional values.
@MainActor
public final class LayoutConstraint: @MainActor CustomStringConvertible {
    /// The item whose attribute is constrained (a `View` or a `LayoutGuide`).
    public let firstItem: AnyObject?
    /// The constrained attribute of `firstItem`.
    public let firstAttribute: Attribute
    /// How the first attribute compares with the second side.
    public let relation: Relation
    /// The item of the second side; nil for a constant (`equalToConstant:`).
    public let secondItem: AnyObject?
    /// The attribute of `secondItem` (`.notAnAttribute` when there is none).
    public let secondAttribute: Attribute
    /// The factor of the second attribute.
    public let multiplier: Double

    /// Added to the second side. Changing it on an active constraint re-solves incrementally.
    /// - Complexity: O(rows of the tableau that mention the constraint), plus a dual simplex
    ///   pivot per row the change makes infeasible.
    public var constant: Double {
        didSet {
            guard constant != oldValue else { return }
            if !constant.isFinite {
                ResponderDiagnostics.report(.layout("\(self): constant \(constant) must be finite; kept \(oldValue)"))
                constant = oldValue
                return
            }
            engine?.constantChanged(self, by: constant - oldValue)
        }
    }

    /// How much the constraint matters; 1000 (`.required`) must hold.
    public var priority: LayoutPriority = .required {
        didSet { if priority != oldValue { engine?.priorityChanged(self) } }
    }

    /// A name that diagnostics print (UIKit's `identifier`).
    public var identifier: String?

    /// Whether the constraint takes part in layout. Setting it true installs it on the items'
    /// nearest common ancestor (and in its window's engine); items without a common ancestor
    /// are refused with a diagnostic, as UIKit refuses them with an exception.
    /// - Complexity: O(depth) to find the common ancestor, plus one incremental solver step
    ///   (O(rows) per pivot, usually a few pivots).
    public var isActive: Bool {
        get { installedOn != nil }
        set {
            if newValue { activateOne() } else { deactivateOne() }
        }
    }

    /// The view whose `constraints` hold this one while it is active.
    weak var installedOn: View?
    /// The engine it is in (its installed view's window's, or a window-less root's).
    weak var engine: LayoutEngine?

    /// Makes a constraint from its parts (UIKit's
    /// `init(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)`); `item` and `toItem`
    /// are views or layout guides. A non-finite multiplier or constant becomes 1 or 0.
    public init(
        item: AnyObject, attribute: Attribute, relatedBy relation: Relation, toItem: AnyObject?,
        attribute secondAttribute: Attribute, multiplier: Double = 1, constant: Double = 0
    ) {
        self.firstItem = item
        self.firstAttribute = attribute
        self.relation = relation
        self.secondItem = toItem
        self.secondAttribute = toItem == nil ? .notAnAttribute : secondAttribute
        self.multiplier = multiplier.isFinite ? multiplier : 1
        self.constant = constant.isFinite ? constant : 0
    }

    /// Activates every constraint of `constraints` (faster than one by one in UIKit; here the same).
    /// - Complexity: O(k × rows) for k constraints.
    public static func activate(_ constraints: [LayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
    }

    /// Deactivates every constraint of `constraints`.
    public static func deactivate(_ constraints: [LayoutConstraint]) {
        for constraint in constraints { constraint.isActive = false }
    }

    /// UIKit's description: `<LayoutConstraint id Label.leading == View.leading + 20 (priority)>`.
    public var description: String {
        func name(_ item: AnyObject?) -> String {
            guard let item else { return "" }
            if let guide = item as? LayoutGuide { return guide.identifier.isEmpty ? "LayoutGuide" : guide.identifier }
            return "\(type(of: item))"
        }
        var text = "\(name(firstItem)).\(firstAttribute) \(relation)"
        if let secondItem {
            text += " " + (multiplier == 1 ? "" : "\(multiplier)*") + "\(name(secondItem)).\(secondAttribute)"
            if constant != 0 { text += (constant < 0 ? " - " : " + ") + "\(abs(constant))" }
        } else {
            text += " \(constant)"
        }
        if !priority.isRequired { text += " (priority \(priority))" }
        let id = identifier.map { "'\($0)' " } ?? ""
        return "<LayoutConstraint \(id)\(text)>"
    }

    // MARK: Activation

    private func activateOne() {
        guard installedOn == nil else { return }
        guard let first = firstItem.flatMap(LayoutItemRef.init) else { return }
        var ancestor: View? = first.container
        if let second = secondItem.flatMap(LayoutItemRef.init) {
            guard let common = first.commonContainer(with: second) else {
                ResponderDiagnostics.report(.layout("\(self) was not activated: its items have no common ancestor"))
                return
            }
            ancestor = common
        }
        guard let host = ancestor else { return }
        // UIKit: a view given constraints in code stops translating its autoresizing mask.
        if let view = firstItem as? View, view !== host || secondItem == nil { view.markUsesConstraints() }
        if let view = secondItem as? View, view !== host { view.markUsesConstraints() }
        installedOn = host
        host.layoutStorage.constraints.append(self)
        LayoutEngine.of(host).add(self)
    }

    private func deactivateOne() {
        guard let host = installedOn else { return }
        host.layoutStorage.constraints.removeAll { $0 === self }
        installedOn = nil
        engine?.remove(self)
    }
}
