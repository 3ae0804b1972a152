import ResponderKit

/// One object of the exposed tree as it was at the last snapshot: its place (parent, children),
/// what it is (role, states) and what it says (name, value). The snapshot answers AT clients'
/// questions and, compared with the next one, makes the change events.
@MainActor
struct ATSPINode {
    /// Its id (`ATSPIObjectPaths`); 0 for the application.
    let id: Int
    /// The object itself: `Application`, a `Window`, a list, a cell or an element.
    let object: AnyObject
    /// The parent's id (nil for the application, whose parent is the registry's desktop).
    var parent: Int?
    /// The children's ids, in reading order.
    var children: [Int] = []
    /// Its role.
    var role: ATSPIRole
    /// Its accessible name (the label).
    var name: String
    /// Its description (the hint).
    var description: String
    /// Its states.
    var states: ATSPIStateSet
    /// Its value as text (the element's `accessibilityValue`).
    var value: String?
    /// Its frame in screen coordinates.
    var frame: Rect
    /// The element it stands for, when it is one (nil for the application and containers).
    let element: AccessibilityNode?
}
