/// An ordered log of strings ("Board.touchesBegan", "Recognizer.touchesBegan", …) that several
/// responders write into, so a test can compare the order events travelled in (Flutter's style).
@MainActor
public final class Log {
    public private(set) var entries: [String] = []
    public init() {}
    public func add(_ entry: String) { entries.append(entry) }
    public func clear() { entries.removeAll() }
    /// The entries that end with `suffix` ("touchesBegan"), in order.
    public func entries(endingWith suffix: String) -> [String] { entries.filter { $0.hasSuffix(suffix) } }
}
