/// A view's Auto Layout state, made on first use so views that never use constraints carry
/// one nil pointer and nothing else.
@MainActor
final class ViewLayoutState {
    /// The active constraints installed on this view (their items' nearest common ancestor).
    var constraints: [LayoutConstraint] = []
    /// UIKit's `translatesAutoresizingMaskIntoConstraints`.
    var translatesAutoresizingMaskIntoConstraints = true
    /// UIKit's `autoresizingMask`.
    var autoresizingMask: View.AutoresizingMask = []
    /// Content hugging priorities (horizontal, vertical): UIKit's defaults.
    var hugging: (horizontal: LayoutPriority, vertical: LayoutPriority) = (.defaultLow, .defaultLow)
    /// Compression resistance priorities (horizontal, vertical).
    var compressionResistance: (horizontal: LayoutPriority, vertical: LayoutPriority) = (.defaultHigh, .defaultHigh)
    /// Guides added with `addLayoutGuide(_:)`.
    var guides: [LayoutGuide] = []
    /// `safeAreaLayoutGuide`, made on first use.
    var safeAreaGuide: LayoutGuide?
    /// `layoutMarginsGuide`, made on first use.
    var marginsGuide: LayoutGuide?
    /// `keyboardLayoutGuide`, made on first use.
    var keyboardGuide: LayoutGuide?
    /// UIKit's default layout margins: 8 points on every side.
    var layoutMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    /// The margins as last set through `directionalLayoutMargins` (nil once `layoutMargins` is
    /// set): `layoutMargins` is resolved from them again when the direction changes.
    var directionalMargins: DirectionalEdgeInsets?
    /// The engine of the tree this view roots (windows, and roots of trees not in a window).
    var engine: LayoutEngine?
}

extension View {
    /// The layout state, made on first use.
    var layoutStorage: ViewLayoutState {
        if let layoutState { return layoutState }
        let made = ViewLayoutState()
        layoutState = made
        return made
    }

    /// A view given constraints in code stops translating its frame into constraints.
    func markUsesConstraints() {
        guard layoutStorage.translatesAutoresizingMaskIntoConstraints else { return }
        translatesAutoresizingMaskIntoConstraints = false
    }

    /// The layout pass's first step (called by `layoutIfNeeded()` before any `layoutSubviews()`):
    /// the engine of this view's window solves what changed and sets the frames of the views
    /// laid out by constraints, as UIKit's `updateConstraints` pass precedes layout. A root (a
    /// window) also checks the frames its engine holds fixed; other views only a dirty engine.
    /// - Complexity: O(1) when the tree has no engine or nothing changed under a non-root.
    @inline(__always)
    func updateConstraintsForLayoutPass() {
        if windowStorage == nil && superviewStorage == nil {
            layoutState?.engine?.update()
        } else if let engine = windowStorage?.layoutState?.engine, engine.isDirty {
            engine.update()
        }
    }

    /// The layout pass's last step: when `layoutSubviews()` moved a view whose frame the engine
    /// holds (a root view sized to its window), the constraints that depend on it are solved
    /// again and the pass runs once more for the views that changed size.
    func finishConstraintsForLayoutPass() {
        guard windowStorage == nil && superviewStorage == nil, let engine = layoutState?.engine, !engine.isFinishingPass else {
            return
        }
        engine.isFinishingPass = true
        defer { engine.isFinishingPass = false }
        var rounds = 0
        while rounds < 3, engine.update() {
            rounds += 1
            if subtreeNeedsLayout { layoutIfNeeded() }
        }
    }

    /// Keeps the constraints installed on this view in the engine of the window it moved to
    /// (called over the moved subtree); constraints whose items no longer share an ancestor are
    /// deactivated, as UIKit removes them with the view.
    func layoutWindowDidChange() {
        guard let state = layoutState else { return }
        if superviewStorage != nil, !(self is Window) { state.engine = nil }
        for constraint in state.constraints {
            constraint.engine?.remove(constraint)
            LayoutEngine.of(self).add(constraint)
        }
    }
}
