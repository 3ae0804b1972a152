/// The events AT clients listen for, as the registry reports them (`GetRegisteredEvents`, then
/// its `EventListenerRegistered` and `EventListenerDeregistered` signals): the bridge emits an
/// event only when someone listens for it, as Qt's bridge does, so an app nobody reads pays for
/// no events at all.
struct ATSPIEventListeners: Equatable, Sendable {
    /// One registration: the listener's bus name and the event it named
    /// (`object:state-changed:focused`, `object:`, `focus:`… or empty for every event).
    struct Registration: Hashable, Sendable {
        /// The listener's unique bus name.
        var bus: String
        /// The event name as the listener gave it.
        var event: String
    }

    /// The registrations, each counted as many times as it was made.
    private(set) var registrations: [Registration: Int] = [:]

    /// Whether anyone listens for anything.
    var isEmpty: Bool { registrations.isEmpty }

    /// Adds a registration.
    mutating func register(bus: String, event: String) { registrations[Registration(bus: bus, event: event), default: 0] += 1 }

    /// Removes one registration of `event` by `bus`.
    mutating func deregister(bus: String, event: String) {
        let key = Registration(bus: bus, event: event)
        guard let count = registrations[key] else { return }
        registrations[key] = count > 1 ? count - 1 : nil
    }

    /// Whether someone listens for `event` (`object:state-changed:focused`): a registration
    /// matches when each of its `:`-separated parts equals the event's part at the same place
    /// (empty trailing parts match anything), case and `-`/`_` aside — so `object:` and
    /// `object:state-changed` both hear `object:state-changed:focused`. at-spi2-core's older
    /// spelling (`Object:StateChanged:`) is understood too.
    /// - Complexity: O(registrations · parts).
    func isListened(_ event: String) -> Bool {
        let wanted = Self.parts(event)
        return registrations.keys.contains { registration in
            let parts = Self.parts(registration.event)
            guard parts.count <= wanted.count else { return false }
            return zip(parts, wanted).allSatisfy { $0.isEmpty || $0 == $1 }
        }
    }

    /// An event name's parts, lowercased, with `-`, `_` and case differences removed
    /// (`StateChanged`, `state-changed` and `state_changed` are one part); trailing empty parts
    /// dropped.
    private static func parts(_ event: String) -> [String] {
        var parts = event.split(separator: ":", omittingEmptySubsequences: false).map { part in
            String(part.lowercased().filter { $0 != "-" && $0 != "_" })
        }
        while parts.last?.isEmpty == true { parts.removeLast() }
        return parts
    }
}
