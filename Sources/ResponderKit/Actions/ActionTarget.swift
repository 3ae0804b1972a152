/// Anything that can be the explicit target of an action: every `Responder`, and model objects
/// that want to receive control actions without being in a responder chain.
@MainActor
public protocol ActionTarget: AnyObject {
    /// Whether this object implements `action`.
    func responds(to action: Selector) -> Bool
    /// Runs the implementation of `action`; false when there is none.
    @discardableResult func perform(_ action: Selector, with sender: Any?) -> Bool
}
