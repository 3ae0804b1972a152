import ResponderKit

/// The tree the bridge exposes, built from the core's reading order: the application, one frame
/// per shown window, and in each the elements in reading order, with a list for each table
/// view and a list item for each of its cells (named by the labels inside), as Qt
/// and GTK expose a list view.
@MainActor
struct ATSPISnapshot {
    /// Every node by id; the application is 0.
    private(set) var nodes: [Int: ATSPINode] = [:]

    /// The node with `id`.
    subscript(id: Int) -> ATSPINode? { nodes[id] }

    /// The snapshot of `application` now, named `appName`, with ids from `paths`.
    /// - Complexity: O(v + e log e) for v views and e elements (the reading order), plus
    ///   O(e · d) for each element's d structural ancestors.
    init(application: Application, appName: String, paths: ATSPIObjectPaths) {
        nodes[0] = ATSPINode(
            id: 0, object: application, parent: nil, role: .application, name: appName, description: "",
            states: ATSPIStateSet(), value: nil, frame: .zero, element: nil)
        let focused = application.accessibilityFocusedElement
        for element in application.accessibilityElementsInReadingOrder {
            var parent = 0
            for container in Self.structuralAncestors(of: element) {
                let id = paths.id(of: container)
                if nodes[id] == nil {
                    nodes[id] = Self.containerNode(container, id: id, parent: parent, appName: appName)
                    nodes[parent]?.children.append(id)
                }
                parent = id
            }
            let id = paths.id(of: element)
            guard nodes[id] == nil else { continue }
            nodes[id] = Self.elementNode(element, id: id, parent: parent, isFocused: focused === element)
            nodes[parent]?.children.append(id)
        }
        nameListItems()
    }

    /// The windows, lists and cells between `element` and the screen, outermost first.
    static func structuralAncestors(of element: AccessibilityNode) -> [View] {
        var view: View?
        if let elementView = element as? View {
            view = elementView.superview
        } else {
            var container = (element as? AccessibilityElement)?.accessibilityContainer
            while let current = container, !(current is View) { container = (current as? AccessibilityElement)?.accessibilityContainer }
            view = container as? View
        }
        var chain: [View] = []
        while let current = view {
            if current is Window || current is TableView || current is TableViewCell {
                chain.append(current)
            }
            view = current.superview
        }
        return chain.reversed()
    }

    private static func containerNode(_ view: View, id: Int, parent: Int, appName: String) -> ATSPINode {
        let role: ATSPIRole
        var states = ATSPIStateSet([.showing, .visible, .enabled, .sensitive])
        var name = view.accessibilityLabel ?? ""
        switch view {
        case is Window:
            role = .frame
            if (view as? Window)?.isKeyWindow == true { states.insert(.active) }
            if name.isEmpty { name = appName }
        case is TableView: role = .list
        case is TableViewCell: role = .listItem
        default: role = .panel
        }
        return ATSPINode(
            id: id, object: view, parent: parent, role: role, name: name, description: view.accessibilityHint ?? "",
            states: states, value: nil, frame: view.accessibilityFrame, element: nil)
    }

    private static func elementNode(_ element: AccessibilityNode, id: Int, parent: Int, isFocused: Bool) -> ATSPINode {
        let kind = elementKind(element)
        let traits = element.accessibilityTraits
        return ATSPINode(
            id: id, object: element, parent: parent, role: ATSPIRole.of(traits: traits, kind: kind),
            name: element.accessibilityLabel ?? "", description: element.accessibilityHint ?? "",
            states: ATSPIStateSet.of(traits: traits, kind: kind, isFocused: isFocused, isOn: (element as? Switch)?.isOn ?? false),
            value: kind == .secureTextField ? nil : element.accessibilityValue, frame: element.accessibilityFrame, element: element)
    }

    /// What the element is beyond its traits.
    static func elementKind(_ element: AccessibilityNode) -> ATSPIRole.ElementKind {
        switch element {
        case let field as TextField: field.isSecureTextEntry ? .secureTextField : .textField
        case is Switch: .switchControl
        case is Slider: .slider
        case is Stepper: .stepper
        case is TableViewCell: .listItem
        default: .plain
        }
    }

    /// A cell that is not an element itself is named by its labels (its text elements, not its
    /// buttons), in reading order.
    private mutating func nameListItems() {
        let textRoles: Set<ATSPIRole> = [.label, .heading, .link, .image]
        let unnamed = nodes.values.filter { $0.role == .listItem && $0.element == nil && $0.name.isEmpty }
        for node in unnamed {
            let labels = node.children.compactMap { nodes[$0] }.filter { textRoles.contains($0.role) }
            let name = labels.map(\.name).filter { !$0.isEmpty }.joined(separator: ", ")
            nodes[node.id]?.name = name
        }
    }

    /// The nodes' ids, parents before children (for events in a stable order).
    var idsInTreeOrder: [Int] {
        var order: [Int] = []
        var stack = [0]
        while let id = stack.popLast() {
            order.append(id)
            stack += (nodes[id]?.children ?? []).reversed()
        }
        return order
    }
}
