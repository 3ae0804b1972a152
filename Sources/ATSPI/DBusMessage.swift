import CDBus

/// A libdbus message (`DBusMessage *`): built from `DBusValue`s, read back into them. The bridge's
/// one owner of message memory: each instance holds one reference (`dbus_message_unref` in
/// `deinit`), so a message never outlives or undercounts its C object.
public final class DBusMessage {
    /// What kind of message it is (`dbus_message_get_type`).
    public enum Kind: Equatable, Sendable {
        /// A call that may want a reply.
        case methodCall
        /// A call's reply.
        case methodReturn
        /// A call's error reply.
        case error
        /// A broadcast.
        case signal
        /// Anything else libdbus reports.
        case other
    }

    /// The C message; this instance owns one reference to it.
    let raw: OpaquePointer

    /// Takes over one reference to `raw` (a message libdbus created or popped for us).
    init(adopting raw: OpaquePointer) { self.raw = raw }

    deinit { dbus_message_unref(raw) }

    /// A method call (`dbus_message_new_method_call`); nil when a name or path is not valid D-Bus.
    public static func methodCall(destination: String?, path: String, interface: String?, member: String) -> DBusMessage? {
        guard DBusNames.isValidObjectPath(path), DBusNames.isValidMember(member) else { return nil }
        guard let raw = dbus_message_new_method_call(destination, path, interface, member) else { return nil }
        return DBusMessage(adopting: raw)
    }

    /// A signal from `path` (`dbus_message_new_signal`); nil when a name or path is not valid D-Bus.
    public static func signal(path: String, interface: String, member: String) -> DBusMessage? {
        guard DBusNames.isValidObjectPath(path), DBusNames.isValidMember(member) else { return nil }
        guard let raw = dbus_message_new_signal(path, interface, member) else { return nil }
        return DBusMessage(adopting: raw)
    }

    /// The reply to this call (`dbus_message_new_method_return`).
    public func methodReturn() -> DBusMessage? {
        dbus_message_new_method_return(raw).map(DBusMessage.init(adopting:))
    }

    /// An error reply to this call (`dbus_message_new_error`).
    public func errorReply(name: String, message: String) -> DBusMessage? {
        dbus_message_new_error(raw, name, message).map(DBusMessage.init(adopting:))
    }

    /// The message's kind (`dbus_message_get_type`).
    public var kind: Kind {
        switch dbus_message_get_type(raw) {
        case DBUS_MESSAGE_TYPE_METHOD_CALL: .methodCall
        case DBUS_MESSAGE_TYPE_METHOD_RETURN: .methodReturn
        case DBUS_MESSAGE_TYPE_ERROR: .error
        case DBUS_MESSAGE_TYPE_SIGNAL: .signal
        default: .other
        }
    }

    /// The object path (`dbus_message_get_path`).
    public var path: String? { dbus_message_get_path(raw).map { String(cString: $0) } }
    /// The interface (`dbus_message_get_interface`).
    public var interface: String? { dbus_message_get_interface(raw).map { String(cString: $0) } }
    /// The method or signal name (`dbus_message_get_member`).
    public var member: String? { dbus_message_get_member(raw).map { String(cString: $0) } }
    /// The sender's unique bus name (`dbus_message_get_sender`).
    public var sender: String? { dbus_message_get_sender(raw).map { String(cString: $0) } }
    /// The error name of an error reply (`dbus_message_get_error_name`).
    public var errorName: String? { dbus_message_get_error_name(raw).map { String(cString: $0) } }
    /// The arguments' signature (`dbus_message_get_signature`).
    public var signature: String { dbus_message_get_signature(raw).map { String(cString: $0) } ?? "" }
    /// Whether the caller asked for no reply (`dbus_message_get_no_reply`).
    public var noReplyExpected: Bool { dbus_message_get_no_reply(raw) != 0 }

    /// Appends `values` as the message's next arguments (`dbus_message_iter_init_append` and
    /// `DBusMessageWriter`); false when libdbus refused one (out of memory).
    @discardableResult
    public func append(_ values: [DBusValue]) -> Bool {
        var iter = DBusMessageIter()
        dbus_message_iter_init_append(raw, &iter)
        for value in values where !DBusMessageWriter.append(value, to: &iter) { return false }
        return true
    }

    /// The arguments, read through `dbus_message_iter_init` (empty for none). 16-bit integers
    /// read as `int32`/`uint32`, Unix fds are left out.
    public var arguments: [DBusValue] {
        var iter = DBusMessageIter()
        guard dbus_message_iter_init(raw, &iter) != 0 else { return [] }
        return DBusMessageReader.readAll(&iter)
    }

    /// The message in D-Bus wire format (`dbus_message_marshal`), for tests and logs. A message
    /// never sent gets serial 1 first (`dbus_message_set_serial`: the wire format needs one), so
    /// marshal a copy of a message you still mean to send.
    public func marshalled() -> [UInt8]? {
        if dbus_message_get_serial(raw) == 0 { dbus_message_set_serial(raw, 1) }
        var buffer: UnsafeMutablePointer<CChar>?
        var length: Int32 = 0
        guard dbus_message_marshal(raw, &buffer, &length) != 0, let buffer else { return nil }
        // Invariant: libdbus returned `length` bytes at `buffer`, ours to release with dbus_free.
        defer { dbus_free(buffer) }
        return buffer.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { Array(UnsafeBufferPointer(start: $0, count: Int(length))) }
    }

    /// A message from D-Bus wire format (`dbus_message_demarshal`); a clear error for bad bytes.
    public static func demarshal(_ bytes: [UInt8]) throws(DBusFailure) -> DBusMessage {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        let raw = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { dbus_message_demarshal($0.baseAddress, Int32(buffer.count), &error) }
        }
        guard let raw else { throw DBusFailure(error) }
        return DBusMessage(adopting: raw)
    }
}

extension DBusFailure {
    /// The name and message of a set libdbus `DBusError` (`dbus_error_is_set`).
    init(_ error: DBusError) {
        var error = error
        guard dbus_error_is_set(&error) != 0 else {
            self.init(name: "org.freedesktop.DBus.Error.Failed", message: "libdbus failed without a reason")
            return
        }
        self.init(
            name: error.name.map { String(cString: $0) } ?? "org.freedesktop.DBus.Error.Failed",
            message: error.message.map { String(cString: $0) } ?? "")
    }
}
