/// Anything that can be the explicit target of an action: every `Responder`, and model objects
/// that want to receive control actions without being in a responder chain.
@MainActor
public protocol ActionTarget: AnyObject {
    func responds(to action: Selector) -> Bool
    @discardableResult func perform(_ action: Selector, with sender: Any?) -> Bool
}
