/// A D-Bus call or connection that failed: the libdbus error's name and message
/// (`DBusError`), or the bridge's own reason.
public struct DBusFailure: Error, CustomStringConvertible, Equatable, Sendable {
    /// The D-Bus error name (`org.freedesktop.DBus.Error.ServiceUnknown`…).
    public let name: String
    /// What libdbus or the peer said.
    public let message: String

    /// A failure named `name` saying `message`.
    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    /// `name: message`.
    public var description: String { "\(name): \(message)" }
}
