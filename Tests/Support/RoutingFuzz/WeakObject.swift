/// A weak reference with the object's type name, for the leak report.
struct WeakObject {
    weak var object: AnyObject?
    let name: String
    init(_ object: AnyObject) {
        self.object = object
        name = "\(type(of: object))"
    }
}
