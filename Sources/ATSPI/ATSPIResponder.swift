import ResponderKit

/// Answers AT clients' method calls on the exposed objects, from the bridge's snapshot of the
/// tree: the `org.a11y.atspi.Accessible`, `Application`, `Component`, `Action`, `Value` and
/// `Text` interfaces and `org.freedesktop.DBus.Properties`. Plain values in, plain values out
/// (`DBusValue`), so every answer is testable without a bus; `ATSPIBridge` carries them.
@MainActor
final class ATSPIResponder {
    /// The app whose tree is exposed.
    let application: Application
    /// The application's accessible name (the kiosk app's name).
    let appName: String
    /// The objects' paths.
    let paths = ATSPIObjectPaths()
    /// This process's unique name on the accessibility bus (the bus half of every reference).
    var busName = ""
    /// The registry's desktop, the application's parent (`Socket.Embed`'s answer).
    var desktop = DBusValue.structure([.string("org.a11y.atspi.Registry"), .objectPath(ATSPIObjectPaths.rootPath)])
    /// The id the registry gave the application (`Application.Id`, set by the registry).
    var applicationID: Int32 = 0
    /// The tree as last built; nil when it must be built again before answering.
    private(set) var cached: ATSPISnapshot?

    /// A responder for `application`, named `appName`.
    init(application: Application, appName: String) {
        self.application = application
        self.appName = appName
    }

    /// The tree now: the cached snapshot, or a new one when the app changed since (the paths of
    /// objects that are gone are forgotten then).
    var snapshot: ATSPISnapshot {
        if let cached { return cached }
        let fresh = ATSPISnapshot(application: application, appName: appName, paths: paths)
        cached = fresh
        paths.prune()
        return fresh
    }

    /// Forgets the snapshot (a frame was drawn, or an action ran): the next answer rebuilds it.
    func invalidate() { cached = nil }

    /// Replaces the snapshot by `snapshot` (built by the event pass).
    func adopt(_ snapshot: ATSPISnapshot) { cached = snapshot }

    /// The reference `(so)` to node `id`.
    func reference(_ id: Int) -> DBusValue { .structure([.string(busName), .objectPath(ATSPIObjectPaths.path(of: id))]) }

    /// AT-SPI's null reference (no such object).
    var nullReference: DBusValue { .structure([.string(busName), .objectPath(ATSPIObjectPaths.nullPath)]) }

    /// The answer to `member` of `interface` on `path` with `arguments`: the reply's values, or
    /// the D-Bus error to send (unknown object, interface or method, bad arguments).
    /// - Complexity: O(1) for most calls once the snapshot exists; building it is O(v + e log e).
    func respond(path: String, interface: String?, member: String, arguments: [DBusValue]) -> Result<[DBusValue], DBusFailure> {
        if interface == "org.freedesktop.DBus.Peer" {
            return member == "Ping" ? .success([]) : .failure(.unknownMethod(member, interface))
        }
        if path == ATSPIObjectPaths.cachePath, interface == "org.a11y.atspi.Cache" {
            // The bridge keeps no client-side cache in step (no AddAccessible signals): an empty
            // one makes libatspi ask each object, which always answers from the live tree.
            guard member == "GetItems" else { return .failure(.unknownMethod(member, interface)) }
            return .success([.array(elementSignature: "((so)(so)(so)iiassusau)", [])])
        }
        guard let id = ATSPIObjectPaths.id(ofPath: path), let node = snapshot[id] else {
            return .failure(DBusFailure(name: "org.freedesktop.DBus.Error.UnknownObject", message: "no accessible object at \(path)"))
        }
        switch interface {
        case "org.freedesktop.DBus.Properties": return respondToProperties(node, member: member, arguments: arguments)
        case "org.freedesktop.DBus.Introspectable":
            guard member == "Introspect" else { return .failure(.unknownMethod(member, interface)) }
            return .success([.string(introspection(of: node))])
        case "org.a11y.atspi.Accessible", nil: return respondAsAccessible(node, member: member, arguments: arguments)
        case "org.a11y.atspi.Application" where id == 0:
            switch member {
            case "GetLocale": return .success([.string(locale)])
            default:
                return .failure(
                    DBusFailure(name: "org.freedesktop.DBus.Error.UnknownMethod", message: "\(member) is not offered: clients use the accessibility bus"))
            }
        case "org.a11y.atspi.Component" where id != 0: return respondAsComponent(node, member: member, arguments: arguments)
        case "org.a11y.atspi.Action" where !actions(of: node).isEmpty: return respondAsAction(node, member: member, arguments: arguments)
        case "org.a11y.atspi.Text" where textContent(of: node) != nil: return respondAsText(node, member: member, arguments: arguments)
        default:
            return .failure(.unknownMethod(member, interface))
        }
    }

    /// The interfaces node `id` implements (`GetInterfaces`, `GetAll`'s choice).
    func interfaces(of node: ATSPINode) -> [String] {
        var names = ["org.a11y.atspi.Accessible"]
        if node.id == 0 {
            names.append("org.a11y.atspi.Application")
            return names
        }
        names.append("org.a11y.atspi.Component")
        if !actions(of: node).isEmpty { names.append("org.a11y.atspi.Action") }
        if valueRange(of: node) != nil { names.append("org.a11y.atspi.Value") }
        if textContent(of: node) != nil { names.append("org.a11y.atspi.Text") }
        return names
    }

    /// The locale AT-SPI reports: the app's language (POSIX form, `de_DE`), else `C`.
    var locale: String {
        let language = application.screenReader.language ?? ""
        return language.isEmpty ? "C" : language.replacingDashes()
    }

    private func introspection(of node: ATSPINode) -> String {
        var xml = "<!DOCTYPE node PUBLIC \"-//freedesktop//DTD D-BUS Object Introspection 1.0//EN\" "
        xml += "\"http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd\">\n<node>\n"
        for name in interfaces(of: node) + ["org.freedesktop.DBus.Properties"] { xml += "  <interface name=\"\(name)\"/>\n" }
        return xml + "</node>\n"
    }
}

extension DBusFailure {
    /// `org.freedesktop.DBus.Error.UnknownMethod` for `member` of `interface`.
    static func unknownMethod(_ member: String, _ interface: String?) -> DBusFailure {
        DBusFailure(name: "org.freedesktop.DBus.Error.UnknownMethod", message: "no method \(member) in \(interface ?? "any interface")")
    }

    /// `org.freedesktop.DBus.Error.InvalidArgs` saying `message`.
    static func invalidArguments(_ message: String) -> DBusFailure {
        DBusFailure(name: "org.freedesktop.DBus.Error.InvalidArgs", message: message)
    }
}

extension String {
    /// `de-DE` → `de_DE` (BCP 47 to POSIX locale form).
    func replacingDashes() -> String { String(map { $0 == "-" ? "_" : $0 }) }
}
