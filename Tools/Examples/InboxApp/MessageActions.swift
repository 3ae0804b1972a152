import ResponderKit

/// The commands a message cell sends without knowing who implements them (seed 001 §4): the cell
/// walks `next` from itself until something implements the action, so the same cell works on any
/// screen whose controller does.
extension Selector {
    /// Move the sending cell's message to the archive.
    public static let archiveMessage = Selector("archiveMessage:")
    /// Delete the sending cell's message.
    public static let deleteMessage = Selector("deleteMessage:")
    /// Open the sending cell's message.
    public static let openMessage = Selector("openMessage:")
}

/// The typed form of the same commands (what `nearest(_:)` finds).
@MainActor
public protocol MessageActions: AnyObject {
    func archiveMessage(_ cell: MessageCell)
    func deleteMessage(_ cell: MessageCell)
    func openMessage(_ cell: MessageCell)
}
