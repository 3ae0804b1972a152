/// A message's searchable text, folded once: the lowercased UTF-8 of its sender, subject and
/// text, separated by the byte 0xFF, which never occurs in UTF-8, so no query (valid UTF-8) can
/// match across two fields. Searching bytes
/// of text lowercased once costs O(text) per message; `String.contains` on strings lowercased for
/// every keystroke cost three `SubstringSearcher` runs per message and made typing quadratic.
///
/// Lowercasing is Swift's (`String.lowercased()`); a match is a byte match of the folded UTF-8,
/// which equals a character match for text in one normalization form (the inbox's is NFC).
public struct SearchKey: Equatable, Sendable {
    /// The folded bytes.
    public let bytes: [UInt8]

    /// Between two fields: not a byte of any UTF-8 text.
    static let separator: UInt8 = 0xFF

    /// The key of `message`.
    /// - Complexity: O(length of the message).
    public init(_ message: Message) {
        var bytes = SearchKey.folded(message.sender)
        bytes.append(SearchKey.separator)
        bytes += SearchKey.folded(message.subject)
        bytes.append(SearchKey.separator)
        bytes += SearchKey.folded(message.body)
        self.bytes = bytes
    }

    /// `text` lowercased, as UTF-8.
    /// - Complexity: O(length of `text`).
    public static func folded(_ text: String) -> [UInt8] { Array(text.lowercased().utf8) }

    /// Whether `query` occurs in `text` (an empty query always does).
    /// - Complexity: O(n·m) worst case, O(n) for text like a message's (a mismatch comes within a
    ///   byte or two); O(1) when the query is longer than the text.
    public static func occurs(_ query: [UInt8], in text: [UInt8]) -> Bool {
        guard let first = query.first else { return true }
        guard query.count <= text.count else { return false }
        return text.withUnsafeBufferPointer { t in
            query.withUnsafeBufferPointer { q in
                var i = 0
                let last = t.count - q.count
                while i <= last {
                    if t[i] == first {
                        var j = 1
                        while j < q.count, t[i + j] == q[j] { j += 1 }
                        if j == q.count { return true }
                    }
                    i += 1
                }
                return false
            }
        }
    }
}
