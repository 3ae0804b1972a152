/// A row or column of views laid out by constraints (UIKit's `UIStackView`): the stack view
/// makes the constraints for its arranged subviews from its axis, distribution, alignment and
/// spacing, and makes them again whenever one of those changes or an arranged subview is shown
/// or hidden (a hidden one collapses to zero length and takes no spacing).
///
/// Inside `View.animate { …; layoutIfNeeded() }` every change animates as in UIKit: the frames
/// the new arrangement gives move from the old ones. An arranged subview hidden in the block
/// collapses smoothly — it is hidden at once for the model and hit testing, but stays drawn
/// until its collapse ends (`View.isDrawnHidden`); its alpha is left alone, as UIKit leaves it,
/// so a fade is the app's own `alpha` change in the same block.
open class StackView: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    open override class var standardHitTestingClass: View.Type { StackView.self }

    /// How arranged subviews share the length along the axis (UIKit's `UIStackView.Distribution`).
    public enum Distribution: Int, Sendable {
        /// They fill the length; hugging and compression resistance decide who stretches or shrinks.
        case fill
        /// They fill the length with equal lengths.
        case fillEqually
        /// They fill the length in proportion to their intrinsic lengths.
        case fillProportionally
        /// Intrinsic lengths, with equal gaps (at least `spacing`) between them.
        case equalSpacing
        /// Intrinsic lengths, with their centres equally far apart (gaps at least `spacing`).
        case equalCentering
    }

    /// How arranged subviews sit across the axis (UIKit's `UIStackView.Alignment`).
    public enum Alignment: Int, Sendable {
        /// They fill the cross length.
        case fill
        /// Against the leading edge (vertical stacks) or the top (horizontal ones).
        case leading
        /// Centred.
        case center
        /// Against the trailing edge (vertical stacks) or the bottom (horizontal ones).
        case trailing
        /// First baselines lined up (horizontal stacks; vertical stacks treat it as `.fill`).
        case firstBaseline
        /// Last baselines lined up (horizontal stacks; vertical stacks treat it as `.fill`).
        case lastBaseline

        /// The top edge: `leading` for horizontal stacks, as in UIKit.
        public static let top = Alignment.leading
        /// The bottom edge: `trailing` for horizontal stacks.
        public static let bottom = Alignment.trailing
    }

    /// The views the stack arranges, in order (each is also a subview).
    public private(set) var arrangedSubviews: [View] = []
    /// `.horizontal` (a row) or `.vertical` (a column).
    public var axis: LayoutAxis = .horizontal { didSet { if axis != oldValue { arrange() } } }
    /// How the length along the axis is shared.
    public var distribution: Distribution = .fill { didSet { if distribution != oldValue { arrange() } } }
    /// How views sit across the axis.
    public var alignment: Alignment = .fill { didSet { if alignment != oldValue { arrange() } } }
    /// The gap between adjacent views (a minimum for the equal-spacing distributions).
    public var spacing: Double = 0 { didSet { if spacing != oldValue { arrange() } } }
    /// When true, views are arranged inside the layout margins instead of the bounds.
    public var isLayoutMarginsRelativeArrangement = false {
        didSet { if isLayoutMarginsRelativeArrangement != oldValue { arrange() } }
    }

    private var customSpacings: [(view: View, spacing: Double)] = []
    private var arrangement: [LayoutConstraint] = []
    private var spacers: [LayoutGuide] = []

    /// Makes a stack of `views` (they become its subviews).
    public init(arrangedSubviews views: [View]) {
        super.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }

    /// Makes an empty stack with `frame`.
    public override init(frame: Rect) { super.init(frame: frame) }

    /// Appends `view` to the arranged subviews (and adds it as a subview).
    public func addArrangedSubview(_ view: View) { insertArrangedSubview(view, at: arrangedSubviews.count) }

    /// Inserts `view` at `index` among the arranged subviews (and adds it as a subview).
    public func insertArrangedSubview(_ view: View, at index: Int) {
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: min(max(0, index), arrangedSubviews.count))
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { addSubview(view) }
        arrange()
    }

    /// Stops arranging `view`; it stays a subview, as in UIKit (call `removeFromSuperview()` too).
    public func removeArrangedSubview(_ view: View) {
        guard arrangedSubviews.contains(where: { $0 === view }) else { return }
        arrangedSubviews.removeAll { $0 === view }
        customSpacings.removeAll { $0.view === view }
        arrange()
    }

    /// Sets the gap after `view` (instead of `spacing`).
    public func setCustomSpacing(_ spacing: Double, after view: View) {
        customSpacings.removeAll { $0.view === view }
        customSpacings.append((view, spacing))
        arrange()
    }

    /// The gap after `view` set with `setCustomSpacing(_:after:)`, else `spacing`.
    public func customSpacing(after view: View) -> Double {
        customSpacings.first { $0.view === view }?.spacing ?? spacing
    }

    /// A subview removed from the stack is no longer arranged.
    open override func willRemoveSubview(_ subview: View) {
        super.willRemoveSubview(subview)
        if arrangedSubviews.contains(where: { $0 === subview }) {
            arrangedSubviews.removeAll { $0 === subview }
            customSpacings.removeAll { $0.view === subview }
            arrange()
        }
    }

    // MARK: Arranging

    /// One edge or size of an item along or across the axis.
    private struct Edges {
        let leading: LayoutAnchorRef
        let trailing: LayoutAnchorRef
        let center: LayoutAnchorRef
        let length: LayoutDimension
    }

    /// Replaces the stack's constraints by ones made from its current properties.
    /// - Complexity: O(arranged subviews) constraints deactivated and activated.
    func arrange() {
        LayoutConstraint.deactivate(arrangement)
        for guide in spacers { removeLayoutGuide(guide) }
        spacers = []
        var made: [LayoutConstraint] = []
        let canvas: AnyObject = isLayoutMarginsRelativeArrangement ? layoutMarginsGuide : self
        let horizontal = axis == .horizontal
        func along(_ item: AnyObject) -> Edges {
            horizontal
                ? Edges(
                    leading: .x(xAnchor(item, .leading)), trailing: .x(xAnchor(item, .trailing)), center: .x(xAnchor(item, .centerX)),
                    length: LayoutDimension(item, .width))
                : Edges(
                    leading: .y(yAnchor(item, .top)), trailing: .y(yAnchor(item, .bottom)), center: .y(yAnchor(item, .centerY)),
                    length: LayoutDimension(item, .height))
        }
        func across(_ item: AnyObject) -> Edges {
            horizontal
                ? Edges(
                    leading: .y(yAnchor(item, .top)), trailing: .y(yAnchor(item, .bottom)), center: .y(yAnchor(item, .centerY)),
                    length: LayoutDimension(item, .height))
                : Edges(
                    leading: .x(xAnchor(item, .leading)), trailing: .x(xAnchor(item, .trailing)), center: .x(xAnchor(item, .centerX)),
                    length: LayoutDimension(item, .width))
        }
        let box = along(canvas)
        let visible = arrangedSubviews.filter { !$0.isHidden }
        // Hidden views collapse in place, right after the visible view before them (at the
        // leading edge when none is), and take no spacing: inside an animation they shrink where
        // they stand, as UIKit's do.
        var previousVisible: View?
        for view in arrangedSubviews {
            guard view.isHidden else {
                previousVisible = view
                continue
            }
            made.append(along(view).length.constraint(equalToConstant: 0))
            made.append(along(view).leading.equal(previousVisible.map { along($0).trailing } ?? box.leading))
        }
        // Along the axis.
        for (index, view) in visible.enumerated() {
            let edges = along(view)
            if index == 0 { made.append(edges.leading.equal(box.leading)) }
            if index == visible.count - 1 { made.append(edges.trailing.equal(box.trailing)) }
            guard index > 0 else { continue }
            let previous = visible[index - 1]
            let gap = customSpacing(after: previous)
            switch distribution {
            case .fill, .fillEqually, .fillProportionally:
                made.append(edges.leading.equal(along(previous).trailing, constant: gap))
                if distribution == .fillEqually { made.append(edges.length.constraint(equalTo: along(visible[0]).length)) }
            case .equalSpacing, .equalCentering:
                made.append(edges.leading.atLeast(along(previous).trailing, constant: gap))
                let spacer = LayoutGuide(kind: .custom, identifier: "StackView-spacer")
                addLayoutGuide(spacer)
                spacers.append(spacer)
                let space = along(spacer)
                if distribution == .equalSpacing {
                    made.append(space.leading.equal(along(previous).trailing))
                    made.append(space.trailing.equal(edges.leading))
                } else {
                    made.append(space.leading.equal(along(previous).center))
                    made.append(space.trailing.equal(edges.center))
                }
                if spacers.count > 1 { made.append(space.length.constraint(equalTo: along(spacers[0]).length)) }
            }
        }
        if distribution == .fillProportionally, let first = visible.first {
            let lengths = visible.map { horizontal ? $0.intrinsicContentSize.width : $0.intrinsicContentSize.height }
            if lengths[0] > 0 {
                for (view, length) in zip(visible.dropFirst(), lengths.dropFirst()) where length > 0 {
                    let proportional = along(view).length.constraint(equalTo: along(first).length, multiplier: length / lengths[0])
                    proportional.priority = .required - 1
                    made.append(proportional)
                }
            }
        }
        // Across the axis.
        let cross = across(canvas)
        let isBaseline = alignment == .firstBaseline || alignment == .lastBaseline
        let effective: Alignment = !horizontal && isBaseline ? .fill : alignment
        for view in arrangedSubviews {
            let edges = across(view)
            switch effective {
            case .fill:
                made.append(edges.leading.equal(cross.leading))
                made.append(edges.trailing.equal(cross.trailing))
            case .leading:
                made.append(edges.leading.equal(cross.leading))
                made.append(edges.trailing.atMost(cross.trailing))
            case .trailing:
                made.append(edges.trailing.equal(cross.trailing))
                made.append(edges.leading.atLeast(cross.leading))
            case .center:
                made.append(edges.center.equal(cross.center))
                made.append(edges.leading.atLeast(cross.leading))
            case .firstBaseline, .lastBaseline:
                let attribute: LayoutConstraint.Attribute = alignment == .firstBaseline ? .firstBaseline : .lastBaseline
                if view !== arrangedSubviews[0] {
                    made.append(LayoutYAxisAnchor(view, attribute).constraint(equalTo: LayoutYAxisAnchor(arrangedSubviews[0], attribute)))
                }
                made.append(edges.leading.atLeast(cross.leading))
                made.append(edges.trailing.atMost(cross.trailing))
            }
            if effective != .fill {
                // The stack hugs its tallest (widest) view: a pull weaker than any hugging.
                let hug = effective == .trailing ? edges.leading.equal(cross.leading) : edges.trailing.equal(cross.trailing)
                hug.priority = .fittingSizeLevel - 1
                made.append(hug)
            }
        }
        for (index, constraint) in made.enumerated() { constraint.identifier = "StackView-\(index)" }
        arrangement = made
        LayoutConstraint.activate(made)
    }

    private func xAnchor(_ item: AnyObject, _ attribute: LayoutConstraint.Attribute) -> LayoutXAxisAnchor {
        LayoutXAxisAnchor(item, attribute)
    }

    private func yAnchor(_ item: AnyObject, _ attribute: LayoutConstraint.Attribute) -> LayoutYAxisAnchor {
        LayoutYAxisAnchor(item, attribute)
    }
}

/// An x or y anchor, so the stack view writes its constraints once for both axes.
@MainActor
enum LayoutAnchorRef {
    case x(LayoutXAxisAnchor)
    case y(LayoutYAxisAnchor)

    func equal(_ other: LayoutAnchorRef, constant: Double = 0) -> LayoutConstraint { relate(.equal, other, constant) }
    func atLeast(_ other: LayoutAnchorRef, constant: Double = 0) -> LayoutConstraint { relate(.greaterThanOrEqual, other, constant) }
    func atMost(_ other: LayoutAnchorRef, constant: Double = 0) -> LayoutConstraint { relate(.lessThanOrEqual, other, constant) }

    private func relate(_ relation: LayoutConstraint.Relation, _ other: LayoutAnchorRef, _ constant: Double) -> LayoutConstraint {
        switch (self, other) {
        case let (.x(a), .x(b)): return a.make(relation, b, multiplier: 1, constant: constant)
        case let (.y(a), .y(b)): return a.make(relation, b, multiplier: 1, constant: constant)
        case let (.x(a), .y(b)): return a.make(relation, LayoutXAxisAnchor(b.item, b.attribute), multiplier: 1, constant: constant)
        case let (.y(a), .x(b)): return a.make(relation, LayoutYAxisAnchor(b.item, b.attribute), multiplier: 1, constant: constant)
        }
    }
}
