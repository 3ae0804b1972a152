import InboxApp
import Testing

/// The inbox's search (issue 28): typing refilters incrementally over text folded once, and gives
/// exactly what the old filter gave — three case-insensitive `contains` on every message — for
/// every prefix typed, after backspaces, and after the list changes.
struct InboxSearchTests {
    /// The old filter, the oracle: a case-insensitive search of each field. The standard
    /// library's `firstRange(of:)`, by name: where Foundation is linked into the test binary,
    /// `contains` resolves to its `StringProtocol.contains`, which on Linux stops a query at a NUL
    /// ("a\0b" then matches any "a").
    static func reference(_ messages: [Message], _ query: String) -> [Int] {
        let q = query.lowercased()
        func has(_ field: String) -> Bool { field.lowercased().firstRange(of: q) != nil }
        return messages.filter { q.isEmpty || has($0.sender) || has($0.subject) || has($0.body) }.map(\.id)
    }

    @Test(arguments: ["grace", "Re: the", "TOUCH calibration", "e", "notes", "zzz", "lunch on friday?x", "a\u{0}b", "ada lovelacelunch"])
    func everyPrefixTypedMatchesTheOldFilter(_ text: String) {
        let store = MessageStore(count: 300)
        var typed = ""
        for character in text {
            typed.append(character)
            #expect(store.filtered(by: typed).map(\.id) == Self.reference(store.messages, typed), "'\(typed)'")
        }
        while !typed.isEmpty {
            typed.removeLast()  // backspace: the query no longer extends the last one
            #expect(store.filtered(by: typed).map(\.id) == Self.reference(store.messages, typed), "'\(typed)'")
        }
    }

    @Test func aChangedListIsSearchedAfresh() {
        let store = MessageStore(count: 50)
        #expect(store.filtered(by: "new").isEmpty)
        store.receiveNewMail()
        #expect(store.filtered(by: "new: ").map(\.id) == Self.reference(store.messages, "new: "))
        let first = store.filtered(by: "grace").map(\.id)
        store.archive(id: first[0])
        #expect(store.filtered(by: "grace h").map(\.id) == Self.reference(store.messages, "grace h"))
        store.delete(id: first[1])
        #expect(store.filtered(by: "grace ho").map(\.id) == Self.reference(store.messages, "grace ho"))
    }

    @Test func matchesAgreesAndFieldsDoNotRunTogether() {
        let message = Message(id: 1, sender: "Ada", subject: "Über", body: "Tea", time: "09:00")
        #expect(message.matches("über") && message.matches("ÜBER") && message.matches(""))
        #expect(!message.matches("adaüber"))  // sender and subject are separate fields
        #expect(SearchKey.occurs(Array("ab".utf8), in: Array("xxab".utf8)))
        #expect(!SearchKey.occurs(Array("abc".utf8), in: Array("ab".utf8)))
    }
}
