/// The responder chain as a sequence: the start, its `next`, that one's `next`, … (UIKit keeps no
/// such list; it is what walking `next` gives). Iteration stops at the first responder met twice,
/// reports the cycle through `ResponderDiagnostics`, and sets `hasCycle`.
@MainActor
public struct ResponderChain: @MainActor Sequence {
    /// The responder the chain starts at.
    public let start: Responder

    /// Makes the chain of `start`.
    public init(start: Responder) { self.start = start }

    @MainActor
    public struct Iterator: @MainActor IteratorProtocol {
        var current: Responder?
        var seen: Set<ObjectIdentifier> = []
        var previous: Responder?

        public mutating func next() -> Responder? {
            guard let responder = current else { return nil }
            if !seen.insert(ObjectIdentifier(responder)).inserted {
                if let previous { ResponderDiagnostics.report(.cycle(from: previous, to: responder)) }
                current = nil
                return nil
            }
            previous = responder
            current = responder.next
            return responder
        }
    }

    public func makeIterator() -> Iterator { Iterator(current: start) }

    /// True when walking `next` from `start` comes back to a responder already visited.
    public var hasCycle: Bool {
        var seen: Set<ObjectIdentifier> = []
        var r: Responder? = start
        while let x = r {
            if !seen.insert(ObjectIdentifier(x)).inserted { return true }
            r = x.next
        }
        return false
    }
}

extension Responder {
    /// self, next, next… — stops at a cycle.
    public var responderChain: ResponderChain { ResponderChain(start: self) }

    /// The type names along the chain, as in the seed's `chainDescription` dump.
    public var chainDescription: [String] { responderChain.map { "\(type(of: $0))" } }

    /// Self or the first responder along `next` that is a `T` (the Swift form of walking `next`
    /// until something `responds(to:)` a protocol's selector).
    public func nearest<T>(_ type: T.Type) -> T? {
        for responder in responderChain { if let match = responder as? T { return match } }
        return nil
    }
}
