import ResponderKit

extension ATSPIResponder {
    /// One action of an element (`Action.GetActions`' `(sss)`).
    struct Action: Equatable {
        /// Its name (`press`, `activate`, `increment`, `decrement`, or a custom action's name).
        var name: String
        /// What it does, in words.
        var description: String
    }

    /// The actions of `node`: activation first (`press` for buttons, links, keys and switches,
    /// `activate` for other operable elements), then `increment` and `decrement` for an
    /// adjustable element, then the element's custom actions. A label, a heading or an image
    /// that is not operable has none.
    /// A table cell that is not an element itself (its labels and buttons are) still offers its
    /// own custom actions, such as a message row's swipe actions while they are hidden: the
    /// screen reader offers them on the row the same way.
    func actions(of node: ATSPINode) -> [Action] {
        guard let element = node.element else {
            guard node.role == .listItem, let cell = node.object as? View else { return [] }
            return (cell.accessibilityCustomActions ?? []).map { Action(name: $0.name, description: $0.name) }
        }
        var actions: [Action] = []
        switch node.role {
        case .pushButton, .toggleButton, .link: actions.append(Action(name: "press", description: "Activates it, as a tap does"))
        case .entry, .passwordText, .listItem, .checkBox: actions.append(Action(name: "activate", description: "Activates it, as a tap does"))
        default:
            if element.accessibilityTraits.contains(.selected) { actions.append(Action(name: "activate", description: "Activates it, as a tap does")) }
        }
        if element.accessibilityTraits.contains(.adjustable) || node.role == .slider || node.role == .spinButton {
            actions.append(Action(name: "increment", description: "Makes its value bigger"))
            actions.append(Action(name: "decrement", description: "Makes its value smaller"))
        }
        for custom in element.accessibilityCustomActions ?? [] { actions.append(Action(name: custom.name, description: custom.name)) }
        return actions
    }

    /// `org.a11y.atspi.Action`'s methods; `DoAction` acts as the screen reader does (activation
    /// through `accessibilityActivate()` or a tap at the activation point through the normal
    /// routing), so the app cannot tell an AT client from a finger.
    func respondAsAction(_ node: ATSPINode, member: String, arguments: [DBusValue]) -> Result<[DBusValue], DBusFailure> {
        let all = actions(of: node)
        if member == "GetActions" {
            return .success([.array(elementSignature: "(sss)", all.map { .structure([.string($0.name), .string($0.description), .string("")]) })])
        }
        guard let index = arguments.first?.integerValue else { return .failure(.invalidArguments("\(member) takes (i)")) }
        let action = all.indices.contains(Int(index)) ? all[Int(index)] : nil
        switch member {
        case "GetName", "GetLocalizedName": return .success([.string(action?.name ?? "")])
        case "GetDescription": return .success([.string(action?.description ?? "")])
        case "GetKeyBinding": return .success([.string("")])
        case "DoAction":
            guard let action, let element = node.element ?? (node.object as? View) else { return .success([.boolean(false)]) }
            perform(action, on: element)
            invalidate()
            return .success([.boolean(true)])
        default:
            return .failure(.unknownMethod(member, "org.a11y.atspi.Action"))
        }
    }

    private func perform(_ action: Action, on element: AccessibilityNode) {
        switch action.name {
        case "press", "activate": application.activateAccessibilityElement(element)
        case "increment": element.accessibilityIncrement()
        case "decrement": element.accessibilityDecrement()
        default:
            if let custom = element.accessibilityCustomActions?.first(where: { $0.name == action.name }) { custom.perform() }
        }
    }
}
