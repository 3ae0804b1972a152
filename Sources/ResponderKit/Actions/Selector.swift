/// The name of an action message. Linux has no Objective-C runtime, so a selector is a value: a
/// responder declares what it implements with `Responder.implement(_:_:)`, and `responds(to:)`,
/// `canPerformAction(_:withSender:)` and `perform(_:with:)` answer from that table.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The selector's name, Objective-C style (`"archiveMessage:"`).
    public let name: String

    /// Makes a selector from its name.
    public init(_ name: String) { self.name = name }
    public init(stringLiteral value: String) { self.name = value }

    public var description: String { name }
}

extension Selector {
    // The standard edit actions (UIResponderStandardEditActions).
    /// The standard Cut edit action.
    public static let cut = Selector("cut:")
    /// The standard Copy edit action.
    public static let copy = Selector("copy:")
    /// The standard Paste edit action.
    public static let paste = Selector("paste:")
    /// The standard Delete edit action.
    public static let delete = Selector("delete:")
    /// The standard Select edit action (a word).
    public static let select = Selector("select:")
    /// The standard Select All edit action.
    public static let selectAll = Selector("selectAll:")
    /// Undo.
    public static let undo = Selector("undo:")
    /// Redo.
    public static let redo = Selector("redo:")
    /// Toggles bold text.
    public static let toggleBoldface = Selector("toggleBoldface:")
    /// Toggles italic text.
    public static let toggleItalics = Selector("toggleItalics:")
    /// Toggles underlined text.
    public static let toggleUnderline = Selector("toggleUnderline:")
    /// Makes text larger.
    public static let increaseSize = Selector("increaseSize:")
    /// Makes text smaller.
    public static let decreaseSize = Selector("decreaseSize:")
}
