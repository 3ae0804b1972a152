/// A message posted through a `NotificationCenter` (Foundation's `Notification`, which this
/// project does not use): a name, the object it is about, and extra values by key.
@MainActor
public struct Notification {
    /// A notification's name (Foundation's `Notification.Name`).
    public struct Name: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A name with the raw value `rawValue` (Foundation's `Notification.Name(_:)`).
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { rawValue = value }
    }

    /// The notification's name, which observers register for.
    public var name: Name
    /// The object the notification is about (for the keyboard notifications: the window whose
    /// keyboard it is); nil when none.
    public var object: AnyObject?
    /// Extra values, by key (the keyboard's frames, for instance).
    public var userInfo: [String: Any]?

    /// A notification named `name` about `object`, carrying `userInfo`.
    public init(name: Name, object: AnyObject? = nil, userInfo: [String: Any]? = nil) {
        self.name = name
        self.object = object
        self.userInfo = userInfo
    }
}

/// Posts notifications to the observers that registered for their name (Foundation's
/// `NotificationCenter`, reduced to the block-based API UIKit apps use for keyboard
/// notifications). Observers run synchronously, on the main actor, in the order they were added.
@MainActor
public final class NotificationCenter {
    /// The process-wide center (UIKit posts its keyboard notifications here).
    public static let `default` = NotificationCenter()

    /// What `addObserver(forName:object:using:)` returns; pass it to `removeObserver(_:)`.
    /// Dropping the token does not remove the observer (Foundation's rule).
    public final class ObserverToken: Hashable {
        fileprivate let name: Notification.Name?
        fileprivate weak var object: AnyObject?
        fileprivate let filtersObject: Bool
        fileprivate let block: @MainActor (Notification) -> Void

        fileprivate init(name: Notification.Name?, object: AnyObject?, block: @escaping @MainActor (Notification) -> Void) {
            self.name = name
            self.object = object
            self.filtersObject = object != nil
            self.block = block
        }

        nonisolated public static func == (a: ObserverToken, b: ObserverToken) -> Bool { a === b }
        nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }

    private var observers: [ObserverToken] = []

    /// A center with no observers (most code uses `default`).
    public init() {}

    /// Calls `block` for every notification named `name` (every notification when nil) about
    /// `object` (about anything when nil). The object is held weakly: once it is gone the
    /// observer matches nothing.
    /// - Returns: the token that removes the observer.
    @discardableResult
    public func addObserver(
        forName name: Notification.Name?, object: AnyObject?,
        using block: @escaping @MainActor (Notification) -> Void
    ) -> ObserverToken {
        let token = ObserverToken(name: name, object: object, block: block)
        observers.append(token)
        return token
    }

    /// Stops the observer `token` stands for; removing it twice does nothing.
    public func removeObserver(_ token: ObserverToken) {
        observers.removeAll { $0 === token }
    }

    /// Calls the matching observers, in the order they were added. An observer that one of them
    /// removes is not called any more; one that one of them adds is called from the next post.
    /// - Complexity: O(observers).
    public func post(_ notification: Notification) {
        let current = observers
        for token in current where matches(token, notification) {
            guard observers.contains(where: { $0 === token }) else { continue }
            token.block(notification)
        }
    }

    /// Posts a notification made of `name`, `object` and `userInfo`.
    public func post(name: Notification.Name, object: AnyObject?, userInfo: [String: Any]? = nil) {
        post(Notification(name: name, object: object, userInfo: userInfo))
    }

    /// How many observers are registered (for tests and leak checks).
    public var observerCount: Int { observers.count }

    private func matches(_ token: ObserverToken, _ notification: Notification) -> Bool {
        if let name = token.name, name != notification.name { return false }
        if token.filtersObject {
            guard let wanted = token.object, let object = notification.object, wanted === object else { return false }
        }
        return true
    }
}
