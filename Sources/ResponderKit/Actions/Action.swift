/// An element of a menu (UIKit's `UIMenuElement`): an `Action` or a submenu (`Menu`).
@MainActor
public class MenuElement {
    /// The title shown for the element.
    public let title: String
    /// The image shown beside the title, if any.
    public let image: Image?

    init(title: String, image: Image?) {
        self.title = title
        self.image = image
    }
}

/// A closure with a title, run by a control or a menu (UIKit's `UIAction`): the type-safe form
/// of target-action. `Control.addAction(_:for:)` runs it for control events,
/// `Button(primaryAction:)` for the button's primary action (and takes its title), a `Menu`
/// shows it as an item.
///
/// ```swift
/// let checkIn = Action(title: "Check in") { action in
///     print("checked in from", action.sender as? Button as Any)
/// }
/// let button = Button(primaryAction: checkIn)
/// ```
///
/// A control runs the handler from the same dispatch as its target-actions, in the order the
/// actions and targets were added (UIKit keeps one table of both); `sender` is the control (or
/// the button whose menu was chosen from) while the handler runs.
@MainActor
public final class Action: MenuElement {
    /// Names an action so it can be removed (`Control.removeAction(identifiedBy:for:)`) or
    /// replaced (UIKit's `UIAction.Identifier`): adding an action with the identifier of one
    /// already added replaces it.
    public struct Identifier: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
        /// The identifier's text.
        public let rawValue: String
        /// Makes an identifier from its text.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Makes an identifier from its text.
        public init(_ rawValue: String) { self.rawValue = rawValue }
        /// Makes an identifier from a string literal.
        public init(stringLiteral value: String) { self.rawValue = value }
    }

    /// How a menu shows an action (UIKit's `UIMenuElement.Attributes`).
    public struct Attributes: OptionSet, Hashable, Sendable {
        /// The flags.
        public let rawValue: UInt
        /// Makes attributes from their flags.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Shown greyed out; choosing it does nothing.
        public static let disabled = Attributes(rawValue: 1 << 0)
        /// Shown in red: the action destroys something.
        public static let destructive = Attributes(rawValue: 1 << 1)
        /// Not shown in menus.
        public static let hidden = Attributes(rawValue: 1 << 2)
    }

    /// The action's identifier (a unique one is made when none is given).
    public let identifier: Identifier
    /// How menus show the action.
    public var attributes: Attributes
    /// What runs; it receives the action (read `sender` from it).
    public let handler: @MainActor (Action) -> Void

    /// The object that ran the action (the control, or the button whose menu it was chosen
    /// from), while the handler runs; nil otherwise. Held weakly.
    public var sender: Any? { senderStorage }
    private weak var senderStorage: AnyObject?

    private static var madeCount = 0

    /// Makes an action (UIKit's `UIAction(title:image:identifier:attributes:handler:)`); without an
    /// identifier it gets a unique one.
    public init(
        title: String = "", image: Image? = nil, identifier: Identifier? = nil, attributes: Attributes = [],
        handler: @escaping @MainActor (Action) -> Void
    ) {
        Action.madeCount += 1
        self.identifier = identifier ?? Identifier("ResponderKit.Action.\(Action.madeCount)")
        self.attributes = attributes
        self.handler = handler
        super.init(title: title, image: image)
    }

    /// Runs the handler with `sender` set while it runs (what a control's `sendAction(_:)` and a
    /// menu call).
    public func perform(sender: AnyObject?) {
        let previous = senderStorage
        senderStorage = sender
        handler(self)
        senderStorage = previous
    }
}

/// A titled list of actions and submenus (UIKit's `UIMenu`): a button's `menu`, shown as a popup
/// list by `showsMenuAsPrimaryAction`.
@MainActor
public final class Menu: MenuElement {
    /// The actions and submenus, top to bottom.
    public let children: [MenuElement]

    /// Makes a menu (UIKit's `UIMenu(title:image:children:)`).
    public init(title: String = "", image: Image? = nil, children: [MenuElement] = []) {
        self.children = children
        super.init(title: title, image: image)
    }

    /// The actions a popup list shows: the children in order, submenus' actions inline after
    /// their place (the way UIKit shows an inline submenu), hidden ones left out.
    public var flattenedActions: [Action] {
        children.flatMap { element -> [Action] in
            if let action = element as? Action { return action.attributes.contains(.hidden) ? [] : [action] }
            if let menu = element as? Menu { return menu.flattenedActions }
            return []
        }
    }
}
