/// The name of an action message. Linux has no Objective-C runtime, so a selector is a value: a
/// responder declares what it implements with `Responder.implement(_:_:)`, and `responds(to:)`,
/// `canPerformAction(_:withSender:)` and `perform(_:with:)` answer from that table.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let name: String

    public init(_ name: String) { self.name = name }
    public init(stringLiteral value: String) { self.name = value }

    public var description: String { name }
}

extension Selector {
    // The standard edit actions (UIResponderStandardEditActions).
    public static let cut = Selector("cut:")
    public static let copy = Selector("copy:")
    public static let paste = Selector("paste:")
    public static let delete = Selector("delete:")
    public static let select = Selector("select:")
    public static let selectAll = Selector("selectAll:")
    public static let undo = Selector("undo:")
    public static let redo = Selector("redo:")
    public static let toggleBoldface = Selector("toggleBoldface:")
    public static let toggleItalics = Selector("toggleItalics:")
    public static let toggleUnderline = Selector("toggleUnderline:")
    public static let increaseSize = Selector("increaseSize:")
    public static let decreaseSize = Selector("decreaseSize:")
}
