/// Where and for what an edit menu is presented (UIKit's `UIEditMenuConfiguration`).
public struct EditMenuConfiguration {
    /// Tells presentations apart (the delegate sees it); nil when the app does not care.
    public var identifier: AnyHashable?
    /// The point the menu points at, in the interaction's view coordinates.
    public var sourcePoint: Point
    /// The rectangle the menu must not cover (the selection), in the view's coordinates; nil: the
    /// delegate's `editMenuInteraction(_:targetRectFor:)`, else a zero-size rectangle at
    /// `sourcePoint`. (UIKit asks only the delegate; this is the shorthand a text field uses.)
    public var targetRect: Rect?

    /// Makes a configuration for a menu pointing at `sourcePoint` in the interaction's view.
    public init(identifier: AnyHashable? = nil, sourcePoint: Point) {
        self.identifier = identifier
        self.sourcePoint = sourcePoint
    }
}

/// One entry of an edit menu: a title and the action it sends along the responder chain.
public struct EditMenuItem: Hashable, Sendable {
    /// The title shown.
    public var title: String
    /// The action sent along the responder chain when the item is chosen.
    public var action: Selector

    /// Makes an item.
    public init(title: String, action: Selector) {
        self.title = title
        self.action = action
    }

    /// UIKit's standard edit actions in the order its menu shows them: Cut, Copy, Paste, Select,
    /// Select All, Delete.
    public static let standard: [EditMenuItem] = [
        EditMenuItem(title: "Cut", action: .cut),
        EditMenuItem(title: "Copy", action: .copy),
        EditMenuItem(title: "Paste", action: .paste),
        EditMenuItem(title: "Select", action: .select),
        EditMenuItem(title: "Select All", action: .selectAll),
        EditMenuItem(title: "Delete", action: .delete)
    ]
}

/// What an edit menu interaction asks its delegate (UIKit's `UIEditMenuInteractionDelegate`).
@MainActor
public protocol EditMenuInteractionDelegate: AnyObject {
    /// The items to show, given the standard ones the responder chain accepts (`suggestedActions`);
    /// return extra items too (they show only if the chain accepts their action), or nil for none.
    func editMenuInteraction(
        _ interaction: EditMenuInteraction, menuFor configuration: EditMenuConfiguration,
        suggestedActions: [EditMenuItem]
    ) -> [EditMenuItem]?
    /// The rectangle (view coordinates) the menu must not cover.
    func editMenuInteraction(_ interaction: EditMenuInteraction, targetRectFor configuration: EditMenuConfiguration) -> Rect
    /// The menu went away (an item was chosen, a tap outside, Escape, or `dismissMenu()`).
    func editMenuInteraction(_ interaction: EditMenuInteraction, willDismissMenuFor configuration: EditMenuConfiguration)
}

extension EditMenuInteractionDelegate {
    public func editMenuInteraction(
        _ interaction: EditMenuInteraction, menuFor configuration: EditMenuConfiguration,
        suggestedActions: [EditMenuItem]
    ) -> [EditMenuItem]? { suggestedActions }
    public func editMenuInteraction(_ interaction: EditMenuInteraction, targetRectFor configuration: EditMenuConfiguration) -> Rect {
        Rect(x: configuration.sourcePoint.x, y: configuration.sourcePoint.y, width: 0, height: 0)
    }
    public func editMenuInteraction(_ interaction: EditMenuInteraction, willDismissMenuFor configuration: EditMenuConfiguration) {}
}
