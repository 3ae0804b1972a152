/// A view's animations in flight and the values they currently draw (its presentation). Exists
/// only while the view animates, so a still view pays one nil pointer; the `Animator` that ticks
/// it is remembered so a change outside any `animate` call can find it.
@MainActor
final class ViewAnimationState {
    unowned let animator: Animator
    /// At most one track per property, in the order they started.
    var tracks: [AnimationTrack] = []
    /// Which properties draw the stored value below instead of the model's (`AnimatedProperty.bit`).
    var mask: UInt8 = 0
    var center = Point(x: 0, y: 0)
    var bounds = Rect(x: 0, y: 0, width: 0, height: 0)
    var transform = AffineTransform.identity
    var alpha = 1.0
    var backgroundColor: Color?
    /// A hidden arranged subview collapsing in its stack view: drawn while its tracks run.
    var drawsWhileHidden = false

    init(animator: Animator) { self.animator = animator }

    var isEmpty: Bool { tracks.isEmpty }

    func value(of property: AnimatedProperty) -> AnimatedValue {
        switch property {
        case .center: return .point(center)
        case .bounds: return .rect(bounds)
        case .transform: return .transform(transform)
        case .alpha: return .scalar(alpha)
        case .backgroundColor: return .color(backgroundColor)
        }
    }

    /// Stores the drawn value of `property`.
    func setValue(_ value: AnimatedValue, for property: AnimatedProperty) {
        switch value {
        case let .point(p): center = p
        case let .rect(r): bounds = r
        case let .transform(t): transform = t
        case let .scalar(s): alpha = s
        case let .color(c): backgroundColor = c
        }
        mask |= property.bit
    }

    /// The property draws its model value again.
    func clearValue(of property: AnimatedProperty) { mask &= ~property.bit }

    func trackIndex(of property: AnimatedProperty) -> Int? {
        var i = 0
        while i < tracks.count {
            if tracks[i].property == property { return i }
            i += 1
        }
        return nil
    }

    /// Whether some running track keeps touches away from the view.
    var blocksInteraction: Bool { tracks.contains { !$0.allowsInteraction } }
}
