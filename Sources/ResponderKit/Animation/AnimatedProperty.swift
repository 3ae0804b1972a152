/// The view properties `View.animate` interpolates, as Core Animation stores them: `frame` is not
/// one of them — setting it animates `center` (CA's position) and `bounds`, as in UIKit.
enum AnimatedProperty: UInt8, CaseIterable, Sendable {
    case center, bounds, transform, alpha, backgroundColor

    /// This property's bit in a `ViewAnimationState` mask.
    var bit: UInt8 { 1 << rawValue }

    /// Core Animation's key path for it (`Layer.animationKeys()`).
    var keyPath: String {
        switch self {
        case .center: return "position"
        case .bounds: return "bounds"
        case .transform: return "transform"
        case .alpha: return "opacity"
        case .backgroundColor: return "backgroundColor"
        }
    }
}

extension View {
    /// The model value of `property` (what the property's getter returns).
    func modelValue(_ property: AnimatedProperty) -> AnimatedValue {
        switch property {
        case .center: return .point(center)
        case .bounds: return .rect(boundsStorage)
        case .transform: return .transform(transformStorage)
        case .alpha: return .scalar(alpha)
        case .backgroundColor: return .color(backgroundColor)
        }
    }

    /// What is drawn for `property` now: the running animation's value, else the model value.
    func presentedValue(_ property: AnimatedProperty) -> AnimatedValue {
        if let state = animationState, state.mask & property.bit != 0 { return state.value(of: property) }
        return modelValue(property)
    }
}
