/// One message in the inbox: who sent it, its subject and its text. Identified by a number that
/// never changes, so a cell, a script and a test can name the same message after the list changes.
public struct Message: Equatable, Sendable {
    public var id: Int
    public var sender: String
    public var subject: String
    public var body: String
    /// The time shown in the cell ("09:41").
    public var time: String

    public init(id: Int, sender: String, subject: String, body: String, time: String) {
        self.id = id
        self.sender = sender
        self.subject = subject
        self.body = body
        self.time = time
    }

    /// Whether the search text matches the sender, subject or text (case-insensitive; empty matches).
    /// - Complexity: O(length of the message + length of `query`).
    public func matches(_ query: String) -> Bool {
        SearchKey.occurs(SearchKey.folded(query), in: SearchKey(self).bytes)
    }
}
