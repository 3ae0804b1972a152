import CDBus

/// A private libdbus connection to one bus (`DBusConnection *`), driven by its owner's loop
/// without callbacks: the owner watches `fileDescriptor`, calls `readAvailable()` when it is
/// readable, then takes each message with `popMessage()`. Sends are flushed at once (a local
/// socket to the bus daemon), so no write watch is needed either.
public final class DBusConnection {
    /// The C connection; this instance owns it (closed and unreferenced in `deinit`).
    let raw: OpaquePointer

    /// Opens and registers with the bus at `address` (`dbus_connection_open_private`,
    /// `dbus_bus_register`); the process does not exit when the bus goes away
    /// (`dbus_connection_set_exit_on_disconnect`).
    /// - Throws: the bus's or libdbus's reason, when the address is bad or nothing answers.
    public init(address: String) throws(DBusFailure) {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let raw = dbus_connection_open_private(address, &error) else { throw DBusFailure(error) }
        dbus_connection_set_exit_on_disconnect(raw, 0)
        guard dbus_bus_register(raw, &error) != 0 else {
            let failure = DBusFailure(error)
            dbus_connection_close(raw)
            dbus_connection_unref(raw)
            throw failure
        }
        self.raw = raw
    }

    deinit {
        dbus_connection_close(raw)
        dbus_connection_unref(raw)
    }

    /// This connection's unique name on the bus (`dbus_bus_get_unique_name`).
    public var uniqueName: String { dbus_bus_get_unique_name(raw).map { String(cString: $0) } ?? "" }

    /// The socket to watch for readability (`dbus_connection_get_unix_fd`); -1 when none.
    public var fileDescriptor: Int32 {
        var fd: Int32 = -1
        return dbus_connection_get_unix_fd(raw, &fd) != 0 ? fd : -1
    }

    /// Whether the connection is still up (`dbus_connection_get_is_connected`).
    public var isConnected: Bool { dbus_connection_get_is_connected(raw) != 0 }

    /// Calls `message` and waits for its reply (`dbus_connection_send_with_reply_and_block`), at
    /// most `timeoutMilliseconds`. Messages that arrive meanwhile stay queued for `popMessage()`.
    /// - Throws: the error reply, or libdbus's timeout or disconnection.
    public func call(_ message: DBusMessage, timeoutMilliseconds: Int32 = 1000) throws(DBusFailure) -> DBusMessage {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let reply = dbus_connection_send_with_reply_and_block(raw, message.raw, timeoutMilliseconds, &error) else {
            throw DBusFailure(error)
        }
        return DBusMessage(adopting: reply)
    }

    /// Queues `message` and writes it out (`dbus_connection_send`, `dbus_connection_flush`);
    /// false when the connection is gone.
    @discardableResult
    public func send(_ message: DBusMessage) -> Bool {
        guard dbus_connection_send(raw, message.raw, nil) != 0 else { return false }
        dbus_connection_flush(raw)
        return isConnected
    }

    /// Adds a match rule on the bus (`dbus_bus_add_match`, waits for the bus's answer).
    public func addMatch(_ rule: String) throws(DBusFailure) {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        dbus_bus_add_match(raw, rule, &error)
        if dbus_error_is_set(&error) != 0 { throw DBusFailure(error) }
    }

    /// Reads what the socket holds without blocking (`dbus_connection_read_write` with a zero
    /// timeout); false once the bus has gone.
    public func readAvailable() -> Bool {
        dbus_connection_read_write(raw, 0) != 0 && isConnected
    }

    /// The next message read and not yet taken (`dbus_connection_pop_message`), or nil.
    public func popMessage() -> DBusMessage? {
        dbus_connection_pop_message(raw).map(DBusMessage.init(adopting:))
    }
}
