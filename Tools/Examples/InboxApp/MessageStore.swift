/// The inbox's messages: a deterministic mailbox of `count` messages (the same on every run, so
/// headless sessions and golden images are stable), with the three ways the list changes —
/// archiving, deleting and a refresh that brings new mail.
public final class MessageStore {
    /// Every message still in the inbox, newest first.
    public private(set) var messages: [Message]
    /// Messages archived (moved out of the inbox), in the order it happened.
    public private(set) var archived: [Message] = []
    /// Messages deleted, in the order it happened.
    public private(set) var deleted: [Message] = []
    private var nextID: Int
    private var refreshes = 0
    /// Each message's folded search text, by id (made once per message).
    private var searchKeys: [Int: SearchKey] = [:]
    /// The last search: its folded query and the indices in `messages` it matched. A query that
    /// extends it (typing one more character) only re-checks those; any change to `messages`
    /// forgets it.
    private var lastSearch: (query: [UInt8], matches: [Int])?

    public init(count: Int) {
        messages = (0..<max(0, count)).map(MessageStore.generated)
        nextID = max(0, count)
    }

    /// The messages a search shows (`Message.matches`), newest first.
    ///
    /// Incremental: when `query` extends the previous one, as while typing, only the messages that
    /// matched it are checked again, so a query no message matches costs O(query) per keystroke.
    /// - Complexity: O(query + Σ length of the candidate messages); the first search of a message
    ///   also folds its text once.
    public func filtered(by query: String) -> [Message] {
        let folded = SearchKey.folded(query)
        guard !folded.isEmpty else {
            lastSearch = nil
            return messages
        }
        let candidates: [Int]
        if let last = lastSearch, folded.starts(with: last.query) {
            candidates = last.matches
        } else {
            candidates = Array(messages.indices)
        }
        let matches = candidates.filter { SearchKey.occurs(folded, in: searchKey(messages[$0]).bytes) }
        lastSearch = (folded, matches)
        return matches.map { messages[$0] }
    }

    private func searchKey(_ message: Message) -> SearchKey {
        if let key = searchKeys[message.id] { return key }
        let key = SearchKey(message)
        searchKeys[message.id] = key
        return key
    }

    /// The message with this id, if it is still in the inbox.
    public func message(id: Int) -> Message? { messages.first { $0.id == id } }

    /// Moves a message to the archive; false when it is not in the inbox.
    @discardableResult
    public func archive(id: Int) -> Bool {
        guard let i = messages.firstIndex(where: { $0.id == id }) else { return false }
        lastSearch = nil
        archived.append(messages.remove(at: i))
        return true
    }

    /// Deletes a message; false when it is not in the inbox.
    @discardableResult
    public func delete(id: Int) -> Bool {
        guard let i = messages.firstIndex(where: { $0.id == id }) else { return false }
        lastSearch = nil
        deleted.append(messages.remove(at: i))
        return true
    }

    /// New mail from a refresh: one message at the top. Returns it.
    @discardableResult
    public func receiveNewMail() -> Message {
        refreshes += 1
        var message = MessageStore.generated(nextID)
        message.subject = "New: " + message.subject
        message.time = "now"
        nextID += 1
        lastSearch = nil
        messages.insert(message, at: 0)
        return message
    }

    private static let senders = [
        "Ada Lovelace", "Alan Turing", "Grace Hopper", "Edsger Dijkstra", "Barbara Liskov",
        "Donald Knuth", "Frances Allen", "Ken Thompson", "Margaret Hamilton", "Niklaus Wirth",
        "Radia Perlman", "Dennis Ritchie"
    ]
    private static let subjects = [
        "Lunch on Friday?", "Build is green again", "Kiosk panel arrived", "Touch calibration notes",
        "Re: the responder chain", "Quarterly numbers", "Meeting moved to 3pm", "Your parcel is on its way",
        "Framebuffer on the lobby screen", "Invitation: design review", "Gesture arena questions",
        "Coffee machine is fixed"
    ]
    private static let bodies = [
        "Let me know if that works for you.", "The flaky test was a timer that nobody cancelled.",
        "It boots straight into the app, no compositor needed.", "Three points were enough to fix the skew.",
        "The button starts at itself and walks outward.", "Attached, with last year's for comparison.",
        "Same room, same people.", "Expected between 9 and 12.", "Looks sharp, and the wake-ups are at zero.",
        "Bring your notes on scrolling.", "Who wins when both want the touch?", "Finally."
    ]

    /// Message number `i` of the deterministic mailbox.
    static func generated(_ i: Int) -> Message {
        let hour = 9 + (i / 7) % 9, minute = (i * 13) % 60
        return Message(
            id: i, sender: senders[i % senders.count], subject: subjects[(i * 5 + i / senders.count) % subjects.count],
            body: bodies[(i * 7 + i / senders.count) % bodies.count],
            time: (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)")
    }
}
