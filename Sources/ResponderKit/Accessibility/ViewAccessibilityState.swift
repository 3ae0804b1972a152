/// The accessibility properties an app set on a view; nil fields fall back to the view's defaults
/// (View+Accessibility). Kept apart from `View` so a view nobody describes costs one pointer.
@MainActor
final class ViewAccessibilityState {
    var isElement: Bool?
    var label: String??
    var value: String??
    var hint: String??
    var traits: AccessibilityTraits?
    var frame: Rect?
    var activationPoint: Point?
    var language: String??
    var elements: [Any]??
    var customActions: [AccessibilityCustomAction]??
    var elementsHidden: Bool?
    var viewIsModal: Bool?
    var groupsChildren: Bool?
    /// Elements a control made for its parts (segments, a stepper's halves, keys), kept so the
    /// reader's focus keeps its identity from one reading to the next.
    var partElements: [AccessibilityElement] = []
}
