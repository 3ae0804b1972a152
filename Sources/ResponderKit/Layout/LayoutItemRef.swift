/// A constraint's item seen by the engine: a view, or a layout guide in its owning view.
@MainActor
struct LayoutItemRef {
    let object: AnyObject
    let view: View?
    let guide: LayoutGuide?

    init?(_ object: AnyObject) {
        self.object = object
        if let view = object as? View {
            self.view = view
            self.guide = nil
        } else if let guide = object as? LayoutGuide, guide.owningView != nil {
            self.view = nil
            self.guide = guide
        } else {
            return nil
        }
    }

    /// The view at the item's own level: the view itself, or the guide's owning view.
    var level: View { view ?? guide!.owningView! }

    /// The view a single-item constraint is installed on.
    var container: View { level }

    /// The nearest view that is the level of both items or an ancestor of both.
    func commonContainer(with other: LayoutItemRef) -> View? {
        var mine: [View] = []
        var current: View? = level
        while let view = current {
            mine.append(view)
            current = view.superview
        }
        current = other.level
        while let view = current {
            if mine.contains(where: { $0 === view }) { return view }
            current = view.superview
        }
        return nil
    }
}
