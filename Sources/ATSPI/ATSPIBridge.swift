import ResponderKit

/// Exposes an application's accessibility tree on the AT-SPI2 accessibility bus, so Orca and
/// every other assistive technology under a compositor can read and operate it — the same
/// elements, focus and activation the touch screen reader uses.
///
/// `connect` finds the accessibility bus (`AT_SPI_BUS_ADDRESS`, else `org.a11y.Bus.GetAddress`
/// on the session bus), connects to it, learns which events clients listen for
/// (`Registry.GetRegisteredEvents` and its signals) and announces the application to the
/// registry (`org.a11y.atspi.Socket.Embed`). Then the host's main loop watches
/// `fileDescriptor` and calls `dispatch()` when it is readable (each client call is answered at
/// once), and `frameEnded(presentedFrames:)` after each of its frames: when a frame was drawn
/// and someone listens, the tree is read again and the differences go out as events — at most
/// one batch per frame, whatever changed in between. An idle app does nothing: no timer, no
/// polling.
@MainActor
public final class ATSPIBridge {
    /// The accessibility bus connection.
    let connection: DBusConnection
    /// The answers to clients' calls, and the tree they come from.
    let responder: ATSPIResponder
    /// Who listens for which events.
    private(set) var listeners = ATSPIEventListeners()
    /// The tree the last events were computed against.
    private var baseline: ATSPISnapshot?
    private var lastPresentedFrames = -1
    private var needsRefresh = false
    /// Called once when the bus goes away (the host stops watching the fd).
    public var onDisconnected: (@MainActor () -> Void)?

    /// Events sent so far (for tests and logs).
    public private(set) var sentEvents = 0

    /// The registry's well-known name.
    static let registryName = "org.a11y.atspi.Registry"

    /// Connects `application` (named `appName`) to the accessibility bus and embeds it in the
    /// registry's desktop. Reads `AT_SPI_BUS_ADDRESS`, else asks the session bus at
    /// `DBUS_SESSION_BUS_ADDRESS` (never autolaunching one) — from `environment`.
    /// Blocks for the bus's answers (each at most `timeoutMilliseconds`).
    /// - Throws: why there is no accessibility bus to join (no session bus, no `org.a11y.Bus`, no
    ///   registry), as a `DBusFailure`.
    public init(
        application: Application, appName: String, environment: [String: String], timeoutMilliseconds: Int32 = 1000
    ) throws(DBusFailure) {
        let address = try Self.accessibilityBusAddress(environment: environment, timeoutMilliseconds: timeoutMilliseconds)
        connection = try DBusConnection(address: address)
        responder = ATSPIResponder(application: application, appName: appName)
        responder.busName = connection.uniqueName
        for member in ["EventListenerRegistered", "EventListenerDeregistered"] {
            try connection.addMatch("type='signal',interface='org.a11y.atspi.Registry',member='\(member)'")
        }
        try loadRegisteredEvents(timeoutMilliseconds: timeoutMilliseconds)
        try embed(timeoutMilliseconds: timeoutMilliseconds)
        // Calls and signals that came during the blocking calls wait in libdbus's queue, which
        // the fd does not announce: answer them now.
        handleQueuedMessages()
        if !listeners.isEmpty { baseline = responder.snapshot }
    }

    /// The accessibility bus's address: `AT_SPI_BUS_ADDRESS`, else `org.a11y.Bus.GetAddress` on
    /// the session bus (`DBUS_SESSION_BUS_ADDRESS`; without it there is no session bus to ask,
    /// and libdbus's X11 autolaunch is never tried).
    static func accessibilityBusAddress(environment: [String: String], timeoutMilliseconds: Int32) throws(DBusFailure) -> String {
        if let address = environment["AT_SPI_BUS_ADDRESS"], !address.isEmpty { return address }
        guard let session = environment["DBUS_SESSION_BUS_ADDRESS"], !session.isEmpty else {
            throw DBusFailure(name: "org.freedesktop.DBus.Error.NoServer", message: "no session bus (DBUS_SESSION_BUS_ADDRESS is not set)")
        }
        let sessionBus = try DBusConnection(address: session)
        guard let call = DBusMessage.methodCall(destination: "org.a11y.Bus", path: "/org/a11y/bus", interface: "org.a11y.Bus", member: "GetAddress")
        else { throw DBusFailure(name: "org.freedesktop.DBus.Error.NoMemory", message: "cannot build org.a11y.Bus.GetAddress") }
        let reply = try sessionBus.call(call, timeoutMilliseconds: timeoutMilliseconds)
        guard let address = reply.arguments.first?.stringValue, !address.isEmpty else {
            throw DBusFailure(name: "org.freedesktop.DBus.Error.InvalidSignature", message: "org.a11y.Bus.GetAddress answered no address")
        }
        return address
    }

    /// `Registry.GetRegisteredEvents`: `a(ss)`, a listener's bus name and its event.
    private func loadRegisteredEvents(timeoutMilliseconds: Int32) throws(DBusFailure) {
        guard
            let call = DBusMessage.methodCall(
                destination: Self.registryName, path: "/org/a11y/atspi/registry", interface: "org.a11y.atspi.Registry", member: "GetRegisteredEvents")
        else { return }
        let reply = try connection.call(call, timeoutMilliseconds: timeoutMilliseconds)
        guard case let .array(_, entries)? = reply.arguments.first else { return }
        for case let .structure(fields) in entries where fields.count >= 2 {
            if let bus = fields[0].stringValue, let event = fields[1].stringValue { listeners.register(bus: bus, event: event) }
        }
    }

    /// `Socket.Embed` on the registry's desktop with the application's reference; the answer is
    /// the desktop, the application's parent.
    private func embed(timeoutMilliseconds: Int32) throws(DBusFailure) {
        guard
            let call = DBusMessage.methodCall(
                destination: Self.registryName, path: ATSPIObjectPaths.rootPath, interface: "org.a11y.atspi.Socket", member: "Embed")
        else { return }
        call.append([responder.reference(0)])
        let reply = try connection.call(call, timeoutMilliseconds: timeoutMilliseconds)
        if let desktop = reply.arguments.first, desktop.signature == "(so)" { responder.desktop = desktop }
    }

    /// This process's unique name on the accessibility bus.
    public var busName: String { connection.uniqueName }

    /// The socket the host's loop watches for readability.
    public var fileDescriptor: Int32 { connection.fileDescriptor }

    /// Whether anyone listens for events now.
    public var hasListeners: Bool { !listeners.isEmpty }

    /// The socket is readable: reads what came and answers every call, then follows the
    /// registry's listener signals. Calls `onDisconnected` once when the bus has gone.
    /// - Complexity: O(messages) plus each answer's (building the tree when it is stale).
    public func dispatch() {
        let alive = connection.readAvailable()
        handleQueuedMessages()
        if !alive { disconnect() }
    }

    private func handleQueuedMessages() {
        while let message = connection.popMessage() {
            switch message.kind {
            case .methodCall: answer(message)
            case .signal: follow(message)
            default: break
            }
        }
    }

    private func answer(_ message: DBusMessage) {
        let result = responder.respond(
            path: message.path ?? "", interface: message.interface, member: message.member ?? "", arguments: message.arguments)
        if responder.cached == nil { needsRefresh = true }
        guard !message.noReplyExpected else { return }
        let reply: DBusMessage?
        switch result {
        case let .success(values):
            reply = message.methodReturn()
            reply?.append(values)
        case let .failure(failure):
            reply = message.errorReply(name: failure.name, message: failure.message)
        }
        if let reply { connection.send(reply) }
    }

    private func follow(_ signal: DBusMessage) {
        if signal.interface == "org.freedesktop.DBus.Local", signal.member == "Disconnected" {
            disconnect()
            return
        }
        guard signal.interface == "org.a11y.atspi.Registry" else { return }
        let arguments = signal.arguments
        guard arguments.count >= 2, let bus = arguments[0].stringValue, let event = arguments[1].stringValue else { return }
        switch signal.member {
        case "EventListenerRegistered":
            listeners.register(bus: bus, event: event)
            // What the new listener may have read so far is the tree now: changes count from it.
            if baseline == nil { baseline = responder.snapshot }
        case "EventListenerDeregistered": listeners.deregister(bus: bus, event: event)
        default: break
        }
    }

    private func disconnect() {
        guard let handler = onDisconnected else { return }
        onDisconnected = nil
        handler()
    }

    /// After the host's frame: when a new frame was presented (or a client's action ran) the
    /// snapshot is stale; with listeners, the tree is read again now and its differences from the
    /// last one go out as events (one batch per frame); without, it is read when a client next asks.
    /// - Complexity: O(1) when nothing was drawn; else O(v + e log e) with listeners.
    public func frameEnded(presentedFrames: Int) {
        guard presentedFrames != lastPresentedFrames || needsRefresh else { return }
        lastPresentedFrames = presentedFrames
        needsRefresh = false
        responder.invalidate()
        guard !listeners.isEmpty else {
            baseline = nil
            return
        }
        let fresh = responder.snapshot
        if let baseline { emit(ATSPIEvent.changes(from: baseline, to: fresh, reference: responder.reference)) }
        baseline = fresh
        responder.adopt(fresh)
    }

    private func emit(_ events: [ATSPIEvent]) {
        for event in events where listeners.isListened(event.listenerName) {
            guard let signal = DBusMessage.signal(path: ATSPIObjectPaths.path(of: event.source), interface: event.interface, member: event.member)
            else { continue }
            signal.append(event.arguments)
            if connection.send(signal) { sentEvents += 1 }
        }
    }
}
