/// A modal alert or action sheet (UIKit's `UIAlertController`): a title, a message, buttons
/// (`AlertAction`s) and, in an alert, text fields; presented with
/// `present(_:animated:completion:)` like any controller.
///
/// ```swift
/// let alert = AlertController(title: "Welcome, Ada!", message: "Charles has been told.", preferredStyle: .alert)
/// alert.addAction(AlertAction(title: "OK", style: .default))
/// present(alert, animated: true)
/// ```
///
/// Its view covers the window: a dimming layer that takes every touch, so nothing below can be
/// touched while it shows, with the alert's card centred on it (above the on-screen keyboard,
/// through `keyboardLayoutGuide`) or the action sheet's cards at the bottom. A kiosk has no
/// popover, so an action sheet is always the bottom sheet an iPhone shows, never a popover.
/// The presentation fades in and out (`modalTransitionStyle` is `.crossDissolve`).
///
/// Choosing an enabled action — a tap, Return, Escape for the cancel action, or a tap on the
/// dimming outside an action sheet that has a cancel action — dismisses the alert (animated) and
/// then runs the action's handler, once, as UIKit does, so the handler may present something
/// else. Touches outside an `.alert` do nothing.
///
/// Keys (the alert is first responder while it shows, or its first text field is): Return runs
/// the button focused with the keys, else `preferredAction`, else the only `.default` action;
/// Escape runs the cancel action; Tab and the arrow keys move the focus among the enabled
/// buttons (Shift-Tab backwards, wrapping). Return in a text field runs the same action.
@MainActor
open class AlertController: ViewController {
    /// UIKit's `UIAlertController.Style`.
    public enum Style: Sendable, Hashable {
        /// A sheet of buttons at the bottom of the screen (an iPhone's action sheet; a kiosk has
        /// no popover to anchor one to a view).
        case actionSheet
        /// A card in the middle of the screen, with buttons and optional text fields.
        case alert
    }

    /// Whether this is an alert or an action sheet; fixed at creation, as in UIKit.
    public let preferredStyle: Style
    /// The text under the title.
    public var message: String? { didSet { alertViewIfLoaded?.contentDidChange() } }
    /// The title, in bold at the top.
    public override var title: String? { didSet { alertViewIfLoaded?.contentDidChange() } }
    /// The actions, in the order they were added (the view reorders the cancel action).
    public private(set) var actions: [AlertAction] = []
    /// The text fields added with `addTextField(configurationHandler:)`, in order (nil when none,
    /// as UIKit).
    public var textFields: [TextField]? { fields.isEmpty ? nil : fields }
    private var fields: [TextField] = []
    /// The action Return runs and that is drawn semibold (UIKit's `preferredAction`); it must be
    /// one of `actions` (another is refused with a diagnostic).
    public var preferredAction: AlertAction? {
        get { preferred }
        set {
            if let newValue, !actions.contains(where: { $0 === newValue }) {
                ResponderDiagnostics.report(.control("AlertController.preferredAction: '\(newValue.title ?? "")' was not added to this alert; ignored"))
                return
            }
            preferred = newValue
            alertViewIfLoaded?.contentDidChange()
        }
    }
    private var preferred: AlertAction?
    /// True from the moment an action was chosen: later taps and keys do nothing, so a handler
    /// runs once.
    public private(set) var isChoosingAction = false

    /// Makes an alert or action sheet (UIKit's `init(title:message:preferredStyle:)`).
    public init(title: String?, message: String?, preferredStyle: Style) {
        self.preferredStyle = preferredStyle
        self.message = message
        super.init()
        self.title = title
        modalTransitionStyle = .crossDissolve
    }

    /// The controller's view, typed: the dimming layer and its cards, with the buttons in key
    /// order (`AlertView.buttons`), for tests and tools that tap them by place. Loads the view.
    public var alertView: AlertView { view as! AlertView }
    var alertViewIfLoaded: AlertView? { viewIfLoaded as? AlertView }

    /// Makes the `AlertView` (the dimming layer and the cards).
    open override func loadView() { view = AlertView(controller: self) }

    // MARK: Configuring

    /// Adds a button (UIKit's `addAction(_:)`). A second `.cancel` action is refused with a
    /// diagnostic (UIKit raises an exception), as is adding the same action twice.
    public func addAction(_ action: AlertAction) {
        if actions.contains(where: { $0 === action }) {
            ResponderDiagnostics.report(.control("AlertController.addAction: '\(action.title ?? "")' is already added; ignored"))
            return
        }
        if action.style == .cancel, actions.contains(where: { $0.style == .cancel }) {
            ResponderDiagnostics.report(.control("AlertController.addAction: a second cancel action ('\(action.title ?? "")'); an alert has one; ignored"))
            return
        }
        actions.append(action)
        alertViewIfLoaded?.contentDidChange()
    }

    /// Adds a text field under the message (UIKit's `addTextField(configurationHandler:)`);
    /// `configurationHandler` sets it up (placeholder, secure entry, keyboard type). Only an
    /// `.alert` has text fields: on an action sheet the call is refused with a diagnostic (UIKit
    /// raises an exception). The first field becomes first responder when the alert appears, so
    /// the on-screen keyboard comes up and the card moves above it.
    public func addTextField(configurationHandler: (@MainActor (TextField) -> Void)? = nil) {
        guard preferredStyle == .alert else {
            ResponderDiagnostics.report(.control("AlertController.addTextField: an action sheet has no text fields; ignored"))
            return
        }
        let field = TextField(frame: .zero)
        field.borderStyle = .roundedRect
        field.font = .systemFont(ofSize: AlertMetrics.fieldFontSize)
        field.returnKeyType = .done
        field.heightAnchor.constraint(equalToConstant: AlertMetrics.fieldHeight).isActive = true
        configurationHandler?(field)
        fields.append(field)
        alertViewIfLoaded?.contentDidChange()
    }

    // MARK: Choosing

    /// The action Return runs with no button focused: `preferredAction`, else the only
    /// `.default` action, else nothing.
    public var returnKeyAction: AlertAction? {
        if let preferred { return preferred }
        let defaults = actions.filter { $0.style == .default }
        return defaults.count == 1 ? defaults[0] : nil
    }

    /// The `.cancel` action, if there is one (Escape runs it).
    public var cancelAction: AlertAction? { actions.first { $0.style == .cancel } }

    /// Dismisses the alert, animated, then runs `action`'s handler (UIKit's order). Nothing for
    /// a disabled action, one that is not this alert's, or once an action was chosen.
    func choose(_ action: AlertAction) {
        guard action.isEnabled, !isChoosingAction, actions.contains(where: { $0 === action }) else { return }
        isChoosingAction = true
        dismiss(animated: true) { action.handler?(action) }
    }

    // MARK: Appearance

    /// Lets the alert take a choice again (it may be presented again after a dismissal).
    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        isChoosingAction = false
    }

    /// Gives the first responder back to what had it before the alert.
    open override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        alertViewIfLoaded?.restorePreviousFirstResponder()
    }
}
