import ResponderKit

extension ATSPIResponder {
    /// `org.a11y.atspi.Accessible`'s methods.
    func respondAsAccessible(_ node: ATSPINode, member: String, arguments: [DBusValue]) -> Result<[DBusValue], DBusFailure> {
        switch member {
        case "GetChildAtIndex":
            guard let index = arguments.first?.integerValue else { return .failure(.invalidArguments("GetChildAtIndex takes (i)")) }
            guard node.children.indices.contains(Int(index)) else { return .success([nullReference]) }
            return .success([reference(node.children[Int(index)])])
        case "GetChildren":
            return .success([.array(elementSignature: "(so)", node.children.map(reference))])
        case "GetIndexInParent":
            let index = node.parent.flatMap { snapshot[$0]?.children.firstIndex(of: node.id) } ?? -1
            return .success([.int32(Int32(index))])
        case "GetRelationSet":
            return .success([.array(elementSignature: "(ua(so))", [])])
        case "GetRole":
            return .success([.uint32(node.role.rawValue)])
        case "GetRoleName", "GetLocalizedRoleName":
            return .success([.string(node.role.name)])
        case "GetState":
            return .success([.array(elementSignature: "u", node.states.words.map(DBusValue.uint32))])
        case "GetAttributes":
            return .success([.stringDictionary(attributes(of: node))])
        case "GetApplication":
            return .success([reference(0)])
        case "GetInterfaces":
            return .success([.strings(interfaces(of: node))])
        default:
            return .failure(.unknownMethod(member, "org.a11y.atspi.Accessible"))
        }
    }

    /// The object attributes (`GetAttributes`): the toolkit, and the element's traits as
    /// VoiceOver names them, for a client that wants more than the role.
    func attributes(of node: ATSPINode) -> [String: String] {
        var attributes = ["toolkit": "ResponderKit"]
        if let element = node.element {
            let roles = element.accessibilityTraits.atspiAttributeWords
            if !roles.isEmpty { attributes["traits"] = roles.joined(separator: " ") }
            if let language = element.accessibilityLanguage { attributes["language"] = language }
        }
        return attributes
    }

    /// `org.freedesktop.DBus.Properties`: `Get`, `GetAll` and `Set` (the registry sets the
    /// application's `Id`; a client may set a `Value`'s `CurrentValue`).
    func respondToProperties(_ node: ATSPINode, member: String, arguments: [DBusValue]) -> Result<[DBusValue], DBusFailure> {
        switch member {
        case "Get":
            guard arguments.count == 2, let interface = arguments[0].stringValue, let name = arguments[1].stringValue else {
                return .failure(.invalidArguments("Get takes (ss)"))
            }
            guard let value = properties(of: node, interface: interface)[name] else {
                return .failure(.invalidArguments("no property \(name) in \(interface)"))
            }
            return .success([.variant(value)])
        case "GetAll":
            guard let interface = arguments.first?.stringValue else { return .failure(.invalidArguments("GetAll takes (s)")) }
            let all = properties(of: node, interface: interface)
            return .success([.array(elementSignature: "{sv}", all.keys.sorted().map { .dictionaryEntry(.string($0), .variant(all[$0]!)) })])
        case "Set":
            guard arguments.count == 3, let interface = arguments[0].stringValue, let name = arguments[1].stringValue else {
                return .failure(.invalidArguments("Set takes (ssv)"))
            }
            return setProperty(node, interface: interface, name: name, value: arguments[2])
        default:
            return .failure(.unknownMethod(member, "org.freedesktop.DBus.Properties"))
        }
    }

    /// The properties of `interface` on `node` (empty when it does not implement it).
    func properties(of node: ATSPINode, interface: String) -> [String: DBusValue] {
        guard interfaces(of: node).contains(interface) else { return [:] }
        switch interface {
        case "org.a11y.atspi.Accessible":
            return [
                "Name": .string(node.name), "Description": .string(node.description),
                "Parent": node.parent.map(reference) ?? desktop, "ChildCount": .int32(Int32(node.children.count)),
                "Locale": .string(locale), "AccessibleId": .string(node.id == 0 ? "" : String(node.id)),
                "HelpText": .string(node.description)
            ]
        case "org.a11y.atspi.Application":
            return [
                "ToolkitName": .string("ResponderKit"), "Version": .string("1.0"), "AtspiVersion": .string("2.1"),
                "Id": .int32(applicationID)
            ]
        case "org.a11y.atspi.Action":
            return ["NActions": .int32(Int32(actions(of: node).count))]
        case "org.a11y.atspi.Value":
            guard let range = valueRange(of: node) else { return [:] }
            return [
                "MinimumValue": .double(range.minimum), "MaximumValue": .double(range.maximum),
                "MinimumIncrement": .double(range.step), "CurrentValue": .double(range.current), "Text": .string(node.value ?? "")
            ]
        case "org.a11y.atspi.Text":
            let text = textContent(of: node) ?? ""
            return ["CharacterCount": .int32(Int32(text.count)), "CaretOffset": .int32(node.role == .entry ? Int32(text.count) : -1)]
        default:
            return [:]
        }
    }

    private func setProperty(_ node: ATSPINode, interface: String, name: String, value: DBusValue) -> Result<[DBusValue], DBusFailure> {
        switch (interface, name) {
        case ("org.a11y.atspi.Application", "Id") where node.id == 0:
            guard let id = value.integerValue, let id32 = Int32(exactly: id) else { return .failure(.invalidArguments("Id is an int32")) }
            applicationID = id32
            return .success([])
        case ("org.a11y.atspi.Value", "CurrentValue"):
            guard let target = value.doubleValue else { return .failure(.invalidArguments("CurrentValue is a double")) }
            guard setCurrentValue(node, to: target) else { return .failure(.invalidArguments("\(node.name) has no value to set")) }
            return .success([])
        default:
            return .failure(DBusFailure(name: "org.freedesktop.DBus.Error.PropertyReadOnly", message: "\(interface).\(name) cannot be set"))
        }
    }
}

extension AccessibilityTraits {
    /// The traits as words for `GetAttributes`.
    var atspiAttributeWords: [String] {
        let named: [(AccessibilityTraits, String)] = [
            (.button, "button"), (.link, "link"), (.header, "header"), (.searchField, "search-field"), (.image, "image"),
            (.selected, "selected"), (.keyboardKey, "keyboard-key"), (.staticText, "static-text"), (.notEnabled, "not-enabled"),
            (.updatesFrequently, "updates-frequently"), (.adjustable, "adjustable"), (.tabBar, "tab-bar")
        ]
        return named.filter { contains($0.0) }.map(\.1)
    }
}
