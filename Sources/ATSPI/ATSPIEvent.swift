import ResponderKit

/// One AT-SPI event to emit: an `org.a11y.atspi.Event.Object` (or `Event.Focus`) signal from the
/// object at `path`, with AT-SPI's arguments `(siiva{sv})`.
struct ATSPIEvent: Equatable {
    /// The source's id.
    var source: Int
    /// `org.a11y.atspi.Event.Object` or `org.a11y.atspi.Event.Focus`.
    var interface = "org.a11y.atspi.Event.Object"
    /// `StateChanged`, `ChildrenChanged`, `PropertyChange`, `BoundsChanged`, `Focus`.
    var member: String
    /// The detail (`focused`, `add`, `accessible-name`…).
    var detail = ""
    /// The first number (a state's new value, a child's index).
    var detail1: Int32 = 0
    /// The second number.
    var detail2: Int32 = 0
    /// The event's datum (a child's reference, a new name).
    var data = DBusValue.variant(.int32(0))

    /// The name listeners register for (`object:state-changed:focused`, `focus:`).
    var listenerName: String {
        if interface == "org.a11y.atspi.Event.Focus" { return "focus:" }
        let kind: String
        switch member {
        case "StateChanged": kind = "state-changed"
        case "ChildrenChanged": kind = "children-changed"
        case "PropertyChange": kind = "property-change"
        case "BoundsChanged": kind = "bounds-changed"
        default: kind = member.lowercased()
        }
        return "object:\(kind):\(detail)"
    }

    /// The signal's arguments.
    var arguments: [DBusValue] { [.string(detail), .int32(detail1), .int32(detail2), data, .emptyProperties] }

    /// The events that turn `old` into `new`, coalesced (one per change, whatever happened in
    /// between): for each parent, children removed (at their old index) then added (at their new
    /// index); for each node in both, its name, description and value changed, its bounds, and
    /// each state that changed; and `Focus` when another node became focused.
    /// `reference` makes a child's `(so)`.
    /// - Complexity: O(n + c) for n nodes and c children in the two trees.
    @MainActor
    static func changes(from old: ATSPISnapshot, to new: ATSPISnapshot, reference: (Int) -> DBusValue) -> [ATSPIEvent] {
        var events: [ATSPIEvent] = []
        for id in new.idsInTreeOrder {
            guard let now = new[id], let before = old[id] else { continue }
            if now.children != before.children {
                let kept = Set(now.children)
                for (index, child) in before.children.enumerated().reversed() where !kept.contains(child) {
                    events.append(ATSPIEvent(source: id, member: "ChildrenChanged", detail: "remove", detail1: Int32(index), data: .variant(reference(child))))
                }
                let had = Set(before.children)
                for (index, child) in now.children.enumerated() where !had.contains(child) {
                    events.append(ATSPIEvent(source: id, member: "ChildrenChanged", detail: "add", detail1: Int32(index), data: .variant(reference(child))))
                }
            }
            if now.name != before.name {
                events.append(ATSPIEvent(source: id, member: "PropertyChange", detail: "accessible-name", data: .variant(.string(now.name))))
            }
            if now.description != before.description {
                events.append(
                    ATSPIEvent(source: id, member: "PropertyChange", detail: "accessible-description", data: .variant(.string(now.description))))
            }
            if now.value != before.value {
                let value = (now.value ?? "").prefix { $0.isNumber || $0 == "." || $0 == "-" }
                let data: DBusValue = Double(value).map { .variant(.double($0)) } ?? .variant(.string(now.value ?? ""))
                events.append(ATSPIEvent(source: id, member: "PropertyChange", detail: "accessible-value", data: data))
            }
            if now.frame != before.frame, id != 0 {
                let f = now.frame
                let box = DBusValue.structure([
                    .int32(Int32(clamping: Int(f.minX.rounded()))), .int32(Int32(clamping: Int(f.minY.rounded()))),
                    .int32(Int32(clamping: Int(f.width.rounded()))), .int32(Int32(clamping: Int(f.height.rounded())))
                ])
                events.append(ATSPIEvent(source: id, member: "BoundsChanged", data: .variant(box)))
            }
            for change in now.states.changes(from: before.states) {
                events.append(ATSPIEvent(source: id, member: "StateChanged", detail: change.state.name, detail1: change.isSet ? 1 : 0))
                if change.state == .focused, change.isSet {
                    events.append(ATSPIEvent(source: id, interface: "org.a11y.atspi.Event.Focus", member: "Focus"))
                }
            }
        }
        return events
    }
}
