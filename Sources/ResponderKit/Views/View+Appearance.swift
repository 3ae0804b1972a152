/// What a view sets of its appearance: its own tint and style, and its controller's style.
/// Made on first use, so the views that set nothing (almost all) carry one nil reference.
@MainActor
final class ViewAppearanceState {
    /// The tint set on this view; nil inherits the superview's.
    var tintColor: Color?
    /// The view's `overrideUserInterfaceStyle`.
    var overrideStyle: UserInterfaceStyle = .unspecified
    /// The `overrideUserInterfaceStyle` of the controller whose root view this is.
    var controllerStyle: UserInterfaceStyle = .unspecified
    /// The view's `semanticContentAttribute`.
    var semanticContentAttribute: SemanticContentAttribute = .unspecified

    /// The style this view imposes on itself and its subtree (its own wins over its controller's).
    var ownStyle: UserInterfaceStyle { overrideStyle != .unspecified ? overrideStyle : controllerStyle }

    /// Set once any view, controller or scene overrode a tint or a style: until then every view's
    /// tint and style are the defaults, and moving a view between trees costs nothing.
    static var isInUse = false
}

/// The tint and style a view draws with, compared before and after it moves.
struct InheritedAppearance: Equatable {
    var tint: Color
    var style: UserInterfaceStyle
}

extension View {
    // MARK: Tint

    /// The colour controls draw their active parts with (UIKit's `tintColor`): a system button's
    /// title, a slider's minimum track, a text field's caret. Inherited: nil (the default) takes
    /// the superview's, and a view with no ancestor setting one gets `Color.systemBlue`. Setting
    /// it calls `tintColorDidChange()` on this view and on every view below that inherits it.
    /// - Complexity: O(depth) to read; O(subtree) to set.
    public var tintColor: Color! {
        get { inheritedTint }
        set {
            let old = inheritedTint
            if newValue != nil { ViewAppearanceState.isInUse = true }
            if let newValue { appearance.tintColor = newValue } else { appearanceState?.tintColor = nil }
            if inheritedTint != old { tintDidChangeInSubtree() }
        }
    }

    /// The tint set on this view or the nearest ancestor, else system blue.
    private var inheritedTint: Color {
        var current: View? = self
        while let view = current {
            if let tint = view.appearanceState?.tintColor { return tint }
            current = view.superview
        }
        return .systemBlue
    }

    /// Tells this view and the views below that inherit its tint.
    private func tintDidChangeInSubtree() {
        tintColorDidChange()
        for subview in subviews where subview.appearanceState?.tintColor == nil { subview.tintDidChangeInSubtree() }
    }

    // MARK: Style

    /// Forces light or dark appearance on this view and everything below it (UIKit's
    /// `overrideUserInterfaceStyle`); `.unspecified` (the default) inherits. Changing what the
    /// subtree draws with marks every view in it for redisplay and calls
    /// `traitCollectionDidChange(_:)` on the views (and their controllers) whose style changed.
    /// - Complexity: O(subtree).
    public var overrideUserInterfaceStyle: UserInterfaceStyle {
        get { appearanceState?.overrideStyle ?? .unspecified }
        set {
            guard newValue != overrideUserInterfaceStyle else { return }
            let old = effectiveUserInterfaceStyle
            if newValue != .unspecified { ViewAppearanceState.isInUse = true }
            appearance.overrideStyle = newValue
            styleMayHaveChanged(from: old)
        }
    }

    /// The traits the view draws with (UIKit's `traitCollection`): the nearest style override
    /// on the view, its ancestors or their controllers, else its window scene's; light when none
    /// says (a view outside any window, a scene left unspecified). Its layout direction is
    /// `effectiveUserInterfaceLayoutDirection`.
    /// - Complexity: O(depth).
    public var traitCollection: TraitCollection {
        TraitCollection(
            userInterfaceStyle: effectiveUserInterfaceStyle,
            layoutDirection: TraitEnvironmentLayoutDirection(effectiveUserInterfaceLayoutDirection))
    }

    /// The style this view draws with when its superview draws with `inherited`: what renderers
    /// pass down the tree instead of asking `traitCollection` of every view.
    /// - Complexity: O(1).
    public func userInterfaceStyle(inheriting inherited: UserInterfaceStyle) -> UserInterfaceStyle {
        guard let own = appearanceState?.ownStyle, own != .unspecified else { return inherited }
        return own
    }

    /// Light or dark (never unspecified), as `traitCollection` describes.
    var effectiveUserInterfaceStyle: UserInterfaceStyle {
        var current: View? = self
        while let view = current {
            if let own = view.appearanceState?.ownStyle, own != .unspecified { return own }
            if view.superview == nil, let window = view as? Window, let scene = window.windowScene {
                let style = scene.traitCollection.userInterfaceStyle
                return style == .unspecified ? .light : style
            }
            current = view.superview
        }
        return .light
    }

    /// Called by a controller whose root view this is when its override changes (or the view
    /// becomes or stops being its root view). Without `notify` (a view just loaded, in no window
    /// yet) the style is only recorded: nothing was drawn or observed with the old one.
    func setControllerUserInterfaceStyle(_ style: UserInterfaceStyle, notify: Bool = true) {
        guard style != (appearanceState?.controllerStyle ?? .unspecified) else { return }
        let old = effectiveUserInterfaceStyle
        if style != .unspecified { ViewAppearanceState.isInUse = true }
        appearance.controllerStyle = style
        if notify { styleMayHaveChanged(from: old) }
    }

    /// Redraws and notifies the subtree if the style it draws with is no longer `old`.
    func styleMayHaveChanged(from old: UserInterfaceStyle) {
        let new = effectiveUserInterfaceStyle
        guard new != old else { return }
        styleDidChangeInSubtree(previous: TraitCollection(userInterfaceStyle: old))
    }

    /// Marks this view and the views below that inherit its style for redisplay, then tells
    /// them (and their controllers) the traits changed.
    private func styleDidChangeInSubtree(previous: TraitCollection) {
        setNeedsDisplay()
        traitCollectionDidChange(previous)
        owningViewController?.traitCollectionDidChange(previous)
        for subview in subviews where (subview.appearanceState?.ownStyle ?? .unspecified) == .unspecified {
            subview.styleDidChangeInSubtree(previous: previous)
        }
    }

    // MARK: Moves

    /// The tint and style this view has now (the defaults, without a walk, while nothing in the
    /// process overrides either).
    var inheritedAppearance: InheritedAppearance {
        guard ViewAppearanceState.isInUse else { return InheritedAppearance(tint: .systemBlue, style: .light) }
        return InheritedAppearance(tint: inheritedTint, style: effectiveUserInterfaceStyle)
    }

    /// After a move: tells the subtree if its tint or its style changed (UIKit calls
    /// `tintColorDidChange()` and `traitCollectionDidChange(_:)` on a move the same way).
    func inheritedAppearanceMayHaveChanged(from old: InheritedAppearance) {
        guard ViewAppearanceState.isInUse else { return }
        let new = inheritedAppearance
        if new.tint != old.tint, appearanceState?.tintColor == nil { tintDidChangeInSubtree() }
        if new.style != old.style { styleDidChangeInSubtree(previous: TraitCollection(userInterfaceStyle: old.style)) }
    }

    /// The view's appearance state, made on first use.
    var appearance: ViewAppearanceState {
        if let appearanceState { return appearanceState }
        let made = ViewAppearanceState()
        appearanceState = made
        return made
    }
}
