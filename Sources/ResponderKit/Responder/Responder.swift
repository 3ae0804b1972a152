/// An object that can receive events and pass them on along `next` (UIKit's `UIResponder`).
///
/// The default event methods forward to `next`, so a responder overrides only what it handles (as a
/// swift-nio handler does); overriding without calling `super` ends the walk there. Every walk along
/// `next` stops at a cycle and reports it instead of hanging.
@MainActor
open class Responder: ActionTarget, Hashable, @MainActor CustomStringConvertible {
    /// Actions this instance implements: the stand-in for `@objc` methods (see `implement(_:_:)`).
    private var actions: [Selector: @MainActor (Any?) -> Void] = [:]
    /// Stamp of the last chain walk that passed here (see `ChainWalk`).
    var walkMark: UInt64 = 0

    /// Makes a responder.
    public init() {}

    // MARK: The chain

    /// The responder that gets an event this one does not handle. Subclasses define the default
    /// rules (View, ViewController, Window, WindowScene, Application); override to splice.
    open var next: Responder? { nil }

    // MARK: First responder

    /// Whether this responder can become first responder (keys and edit actions start at it). Default false.
    open var canBecomeFirstResponder: Bool { false }
    /// Whether this responder lets go of first-responder status when asked. Default true.
    open var canResignFirstResponder: Bool { true }

    /// The window whose first responder this responder can be (views: their window; controllers:
    /// their view's window; a window: itself). `nil` means "not in a window".
    open var firstResponderWindow: Window? { nil }

    /// Whether this responder is its window's first responder (open, as UIKit's).
    open var isFirstResponder: Bool {
        guard let window = firstResponderWindow else { return false }
        return window.firstResponder === self
    }

    /// Succeeds only if this responder is in a window, `canBecomeFirstResponder` is true and the
    /// current first responder of that window agrees to resign; otherwise changes nothing.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard let window = firstResponderWindow else { return false }
        if window.firstResponder === self { return true }
        guard canBecomeFirstResponder else { return false }
        // Focus moving from one field to another keeps the keyboard up: the input views are
        // updated once, for the new first responder, not hidden in between.
        let presenter = window.inputViewPresenter
        presenter.beginDeferringUpdates()
        defer { presenter.endDeferringUpdates() }
        if let current = window.firstResponder {
            guard current.canResignFirstResponder, current.resignFirstResponder() else { return false }
            // A resign handler may have moved focus elsewhere or detached us.
            guard window.firstResponder == nil, firstResponderWindow === window else { return false }
        }
        window.setFirstResponder(self)
        return true
    }

    /// Gives up first-responder status if this responder agrees (`canResignFirstResponder`).
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard let window = firstResponderWindow, window.firstResponder === self else { return true }
        guard canResignFirstResponder else { return false }
        window.setFirstResponder(nil)
        return true
    }

    // MARK: Input views (the on-screen keyboard; see InputViewPresenter)

    /// The view shown docked at the bottom of the window while this responder is first responder
    /// (UIKit's `inputView`); nil asks for the built-in keyboard when this responder takes text
    /// (`KeyInput`) and the application's `onScreenKeyboard` is enabled, else for nothing.
    open var inputView: View? { nil }
    /// A bar shown just above the input view (or alone at the bottom) while this responder is
    /// first responder (UIKit's `inputAccessoryView`).
    open var inputAccessoryView: View? { nil }

    /// Shows this first responder's current input views (after `inputView`, `keyboardType` or
    /// `returnKeyType` changed while it is focused); does nothing for other responders.
    open func reloadInputViews() {
        guard let window = firstResponderWindow, window.firstResponder === self else { return }
        window.inputViewPresenter.update()
    }

    // MARK: Touches (defaults forward to next)

    /// Fingers touched down on this view (or a view that forwarded them). The default forwards to `next`; handle the touches by not calling `super`.
    open func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        ChainWalk.forward(from: self) { $0.touchesBegan(touches, with: event) }
    }
    /// Touches moved. The default forwards to `next`.
    open func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        ChainWalk.forward(from: self) { $0.touchesMoved(touches, with: event) }
    }
    /// Touches lifted. The default forwards to `next`.
    open func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        ChainWalk.forward(from: self) { $0.touchesEnded(touches, with: event) }
    }
    /// Touches were cancelled (a recognizer took them, the device cancelled, the view left the window). The default forwards to `next`.
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        ChainWalk.forward(from: self) { $0.touchesCancelled(touches, with: event) }
    }

    // MARK: Presses (defaults forward to next)

    /// Keys went down; presses start at the first responder. The default forwards to `next`.
    open func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        ChainWalk.forward(from: self) { $0.pressesBegan(presses, with: event) }
    }
    /// A held key changed (repeat). The default forwards to `next`.
    open func pressesChanged(_ presses: Set<Press>, with event: PressesEvent?) {
        ChainWalk.forward(from: self) { $0.pressesChanged(presses, with: event) }
    }
    /// Keys were released. The default forwards to `next`.
    open func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) {
        ChainWalk.forward(from: self) { $0.pressesEnded(presses, with: event) }
    }
    /// Presses were cancelled (the window lost the keyboard). The default forwards to `next`.
    open func pressesCancelled(_ presses: Set<Press>, with event: PressesEvent?) {
        ChainWalk.forward(from: self) { $0.pressesCancelled(presses, with: event) }
    }

    // MARK: Motion and remote control (defaults forward to next)

    /// A motion (shake) began; sent to the first responder. The default forwards to `next`.
    open func motionBegan(_ motion: Event.EventSubtype, with event: Event?) {
        ChainWalk.forward(from: self) { $0.motionBegan(motion, with: event) }
    }
    /// A motion ended. The default forwards to `next`.
    open func motionEnded(_ motion: Event.EventSubtype, with event: Event?) {
        ChainWalk.forward(from: self) { $0.motionEnded(motion, with: event) }
    }
    /// A motion was cancelled. The default forwards to `next`.
    open func motionCancelled(_ motion: Event.EventSubtype, with event: Event?) {
        ChainWalk.forward(from: self) { $0.motionCancelled(motion, with: event) }
    }
    /// A media key arrived as a remote-control event (`event.subtype`). The default forwards to `next`.
    open func remoteControlReceived(with event: Event?) {
        ChainWalk.forward(from: self) { $0.remoteControlReceived(with: event) }
    }

    // MARK: Pointer (hover and scroll; defaults forward to next)

    /// The pointer moved over this view with no button held (`.hover` event); phase tells entry,
    /// movement and exit. UIKit reports hover only to `HoverGestureRecognizer`; here it also rides
    /// the chain so a plain view can react to it.
    open func hoverChanged(_ hover: HoverInfo, with event: Event?) {
        ChainWalk.forward(from: self) { $0.hoverChanged(hover, with: event) }
    }
    /// A wheel or touchpad scroll over this view (`.scroll` event).
    open func scrollWheel(_ scroll: ScrollInfo, with event: Event?) {
        ChainWalk.forward(from: self) { $0.scrollWheel(scroll, with: event) }
    }

    // MARK: Key commands and actions

    /// Hardware shortcuts this responder offers; matched from the first responder outward.
    open var keyCommands: [KeyCommand]? { nil }

    /// Whether this responder can perform `action` now. Defaults to `responds(to:)`; answer false
    /// "for now" (paste with an empty pasteboard) to let the walk continue upward.
    open func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        responds(to: action)
    }

    /// The responder that will perform `action`: self if it can, else whatever `next` answers.
    open func target(forAction action: Selector, withSender sender: Any?) -> Responder? {
        if canPerformAction(action, withSender: sender) { return self }
        var found: Responder?
        ChainWalk.forward(from: self) { found = $0.target(forAction: action, withSender: sender) }
        return found
    }

    /// Declares that this instance implements `action` (the stand-in for an `@objc` method).
    /// Subclasses call it in their initializer; apps may call it on any instance. Implementing the
    /// same selector again replaces the body.
    public func implement(_ action: Selector, _ body: @escaping @MainActor (_ sender: Any?) -> Void) {
        actions[action] = body
    }

    /// Removes an implementation made with `implement(_:_:)`.
    public func unimplement(_ action: Selector) { actions[action] = nil }

    /// True once `action` was implemented on this instance.
    public func responds(to action: Selector) -> Bool { actions[action] != nil }

    /// Runs the implementation of `action`; false when there is none.
    @discardableResult
    public func perform(_ action: Selector, with sender: Any?) -> Bool {
        guard let body = actions[action] else { return false }
        body(sender)
        return true
    }

    /// The selectors this instance implements, sorted by name (for tools and diagnostics).
    public var implementedActions: [Selector] { actions.keys.sorted { $0.name < $1.name } }

    // MARK: Identity

    nonisolated public static func == (a: Responder, b: Responder) -> Bool { a === b }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    open var description: String { "\(type(of: self))" }
}
