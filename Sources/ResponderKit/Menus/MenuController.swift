/// The old-style shared edit menu (UIKit's deprecated `UIMenuController`), kept as a thin facade
/// over `EditMenuInteraction` for code that shows a menu for a rectangle of a view:
/// `MenuController.shared.showMenu(from: view, rect: selection)` and `hideMenu()`. One menu at a
/// time; the items are what the first responder's chain accepts, as for the interaction.
@MainActor
public final class MenuController {
    /// The shared menu controller (UIKit's `UIMenuController.shared`).
    public static let shared = MenuController()

    private let interaction = EditMenuInteraction()

    /// Makes a menu controller.
    public init() {}

    /// Extra items shown after the standard ones when the chain accepts their actions.
    public var menuItems: [EditMenuItem] = []

    /// Whether the menu is showing.
    public var isMenuVisible: Bool { interaction.isMenuVisible }

    /// The menu on screen, if any.
    public var presentedMenu: EditMenuView? { interaction.presentedMenu }

    /// Shows the menu pointing at `rect` (in `view`'s coordinates).
    public func showMenu(from view: View, rect: Rect) {
        view.addInteraction(interaction)
        interaction.delegate = menuItems.isEmpty ? nil : extraItems
        extraItems.items = menuItems
        var configuration = EditMenuConfiguration(identifier: "MenuController", sourcePoint: Point(x: rect.midX, y: rect.minY))
        configuration.targetRect = rect
        interaction.presentEditMenu(with: configuration)
    }

    /// Hides the menu.
    public func hideMenu() { interaction.dismissMenu() }

    private let extraItems = ExtraItems()

    /// Appends `menuItems` to the suggested ones.
    private final class ExtraItems: EditMenuInteractionDelegate {
        var items: [EditMenuItem] = []
        func editMenuInteraction(
            _ interaction: EditMenuInteraction, menuFor configuration: EditMenuConfiguration,
            suggestedActions: [EditMenuItem]
        ) -> [EditMenuItem]? { suggestedActions + items }
    }
}
