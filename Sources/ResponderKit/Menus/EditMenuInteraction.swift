/// Presents the edit menu for a view (UIKit 16's `UIEditMenuInteraction`): a dark rounded bar of
/// the edit actions the first responder's chain accepts, drawn above the target rectangle (below
/// it when there is no room), kept inside the window.
///
/// The items are the standard edit actions (`EditMenuItem.standard`: Cut, Copy, Paste, Select,
/// Select All, Delete) plus the delegate's, filtered by asking the chain: an item shows when
/// `target(forAction:withSender:)` from the window's first responder (the window when nothing is
/// focused) finds a responder whose `canPerformAction` accepts it, the sender being this
/// interaction. So any responder can have a menu — a `Label` subclass that can become first
/// responder and implements `.copy` gets one with just Copy. Choosing an item sends its action with
/// `Application.sendAction(_:to: nil, from: interaction, for: nil)` (the same walk) once the menu
/// is hidden.
///
/// The menu is an `EditMenuView` added on top of the window (not inside the app's views, so no
/// layout or clipping of theirs touches it), covering the whole window: a touch or click outside
/// the bar dismisses the menu and goes nowhere else (UIKit), one on an item chooses it; while it
/// shows, the window gives it the arrow keys (move the highlight), Return (choose) and Escape
/// (dismiss) before the first responder.
///
/// A view does not retain its interactions (`View` keeps no list yet): keep a reference, as
/// `TextField` does for its own.
@MainActor
public final class EditMenuInteraction {
    /// Adds the app's own items to the menu and hears when it shows and hides.
    public weak var delegate: EditMenuInteractionDelegate?
    /// The view the menu is for (set by `View.addInteraction(_:)`).
    public internal(set) weak var view: View?
    /// The menu on screen, if any.
    public private(set) var presentedMenu: EditMenuView?
    /// The configuration the menu on screen was presented with.
    public private(set) var presentedConfiguration: EditMenuConfiguration?

    /// Makes an interaction; add it to a view before presenting a menu.
    public init(delegate: EditMenuInteractionDelegate? = nil) {
        self.delegate = delegate
    }

    /// Whether the interaction's menu is showing.
    public var isMenuVisible: Bool { presentedMenu != nil }

    /// The items a presentation with `configuration` would show now: the standard actions and the
    /// delegate's, each only if the responder chain accepts it.
    /// - Complexity: O(items × chain length).
    public func menuItems(for configuration: EditMenuConfiguration) -> [EditMenuItem] {
        guard let window = view?.window else { return [] }
        let suggested = EditMenuItem.standard.filter { accepts($0.action, in: window) }
        let items = delegate?.editMenuInteraction(self, menuFor: configuration, suggestedActions: suggested) ?? suggested
        var seen: Set<Selector> = []
        return items.filter { seen.insert($0.action).inserted && accepts($0.action, in: window) }
    }

    /// Whether the chain from `window`'s first responder accepts `action` with this sender.
    private func accepts(_ action: Selector, in window: Window) -> Bool {
        let start: Responder = window.firstResponder ?? window
        return ChainWalk.begin(at: start) { start.target(forAction: action, withSender: self) } != nil
    }

    /// Shows the menu for `configuration` (replacing one already shown by any interaction in the
    /// window). Nothing shows when the view is not in a window or no action is accepted.
    public func presentEditMenu(with configuration: EditMenuConfiguration) {
        dismissMenu()
        guard let view, let window = view.window else { return }
        let items = menuItems(for: configuration)
        guard !items.isEmpty else { return }
        EditMenuView.presented(in: window)?.interaction?.dismissMenu()
        let target =
            configuration.targetRect
            ?? delegate?.editMenuInteraction(self, targetRectFor: configuration)
            ?? Rect(x: configuration.sourcePoint.x, y: configuration.sourcePoint.y, width: 0, height: 0)
        let menu = EditMenuView(items: items, interaction: self)
        menu.frame = window.bounds
        menu.layoutBar(around: view.convert(target, to: window))
        presentedMenu = menu
        presentedConfiguration = configuration
        window.addSubview(menu)
    }

    /// Hides the menu if it shows (nothing is performed).
    public func dismissMenu() {
        guard let menu = presentedMenu else { return }
        let configuration = presentedConfiguration
        presentedMenu = nil
        presentedConfiguration = nil
        menu.retire()
        if let configuration { delegate?.editMenuInteraction(self, willDismissMenuFor: configuration) }
    }

    /// Hides the menu and performs `item` through the responder chain (hidden first, so an
    /// action may present a new menu — a text field's Select shows the menu for the word).
    func choose(_ item: EditMenuItem) {
        let window = presentedMenu?.window ?? view?.window
        dismissMenu()
        window?.application.sendAction(item.action, to: nil, from: self, for: nil)
    }
}

extension View {
    /// Attaches an edit menu interaction to this view (UIKit's `addInteraction(_:)`); the view does
    /// not retain it.
    public func addInteraction(_ interaction: EditMenuInteraction) {
        interaction.dismissMenu()
        interaction.view = self
    }

    /// Detaches an interaction attached with `addInteraction(_:)`.
    public func removeInteraction(_ interaction: EditMenuInteraction) {
        guard interaction.view === self else { return }
        interaction.dismissMenu()
        interaction.view = nil
    }
}
