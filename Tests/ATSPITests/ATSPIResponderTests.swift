import ResponderKit
import ResponderKitTesting
import Testing

@testable import ATSPI

/// The answers AT clients get and the events a frame makes, from a live app without a bus: the
/// tree (application → frame → elements, a table's cells as list items), roles, states, extents,
/// the press action through the normal routing, and the coalesced change events.
@MainActor
@Suite struct ATSPIResponderTests {
    @MainActor
    final class Screen {
        let application = Application()
        let scene: WindowScene
        let window: Window
        let title = Label(frame: Rect(x: 10, y: 10, width: 200, height: 30))
        let pay = Button(frame: Rect(x: 10, y: 60, width: 120, height: 44))
        let power = Switch(frame: Rect(x: 10, y: 120, width: 60, height: 30))
        var taps = 0

        init() {
            scene = WindowScene(application: application, screenBounds: Rect(x: 0, y: 0, width: 400, height: 300))
            window = Window(windowScene: scene)
            window.makeKeyAndVisible()
            title.text = "Tickets"
            title.accessibilityTraits = [.staticText, .header]
            pay.setTitle("Pay", for: .normal)
            for view in [title, pay, power] as [View] { window.addSubview(view) }
            _ = pay.addAction(for: .touchUpInside) { [unowned self] _ in self.taps += 1 }
            window.layoutIfNeeded()
        }
    }

    func responder(_ screen: Screen) -> ATSPIResponder {
        let responder = ATSPIResponder(application: screen.application, appName: "tickets")
        responder.busName = ":1.42"
        return responder
    }

    func call(_ responder: ATSPIResponder, _ path: String, _ interface: String, _ member: String, _ arguments: [DBusValue] = []) throws -> [DBusValue] {
        try responder.respond(path: path, interface: interface, member: member, arguments: arguments).get()
    }

    func childPaths(_ values: [DBusValue]) -> [String] {
        guard case let .array(_, items)? = values.first else { return [] }
        return items.compactMap { item in
            guard case let .structure(fields) = item, fields.count == 2 else { return nil }
            return fields[1].stringValue
        }
    }

    @Test func theTreeIsApplicationFrameElements() throws {
        let screen = Screen()
        let responder = responder(screen)
        let root = ATSPIObjectPaths.rootPath
        #expect(try call(responder, root, "org.a11y.atspi.Accessible", "GetRole") == [.uint32(75)])
        let frames = childPaths(try call(responder, root, "org.a11y.atspi.Accessible", "GetChildren"))
        try #require(frames.count == 1)
        #expect(try call(responder, frames[0], "org.a11y.atspi.Accessible", "GetRoleName") == [.string("frame")])
        #expect(
            try call(responder, frames[0], "org.freedesktop.DBus.Properties", "Get", [.string("org.a11y.atspi.Accessible"), .string("Name")]) == [
                .variant(.string("tickets"))
            ])
        let elements = childPaths(try call(responder, frames[0], "org.a11y.atspi.Accessible", "GetChildren"))
        try #require(elements.count == 3)
        let roles = try elements.map { try call(responder, $0, "org.a11y.atspi.Accessible", "GetRoleName") }
        #expect(roles == [[.string("heading")], [.string("push button")], [.string("toggle button")]])
        #expect(
            try call(responder, elements[1], "org.freedesktop.DBus.Properties", "Get", [.string("org.a11y.atspi.Accessible"), .string("Name")]) == [
                .variant(.string("Pay"))
            ])
        #expect(
            try call(responder, elements[1], "org.freedesktop.DBus.Properties", "Get", [.string("org.a11y.atspi.Accessible"), .string("Parent")]) == [
                .variant(.structure([.string(":1.42"), .objectPath(frames[0])]))
            ])
        #expect(try call(responder, elements[2], "org.a11y.atspi.Accessible", "GetIndexInParent") == [.int32(2)])
        #expect(
            try call(responder, elements[1], "org.a11y.atspi.Component", "GetExtents", [.uint32(0)]) == [
                .structure([.int32(10), .int32(60), .int32(120), .int32(44)])
            ])
        // A leaf has no child at any point (AT-SPI's null reference); its frame finds it.
        let leafHit = try call(responder, elements[1], "org.a11y.atspi.Component", "GetAccessibleAtPoint", [.int32(20), .int32(70), .uint32(0)])
        #expect(leafHit == [responder.nullReference])
        let hit = try call(responder, frames[0], "org.a11y.atspi.Component", "GetAccessibleAtPoint", [.int32(20), .int32(70), .uint32(0)])
        #expect(hit == [.structure([.string(":1.42"), .objectPath(elements[1])])])
        #expect(try call(responder, elements[0], "org.a11y.atspi.Text", "GetText", [.int32(0), .int32(-1)]) == [.string("Tickets")])
        let interfaces = try call(responder, elements[1], "org.a11y.atspi.Accessible", "GetInterfaces")
        #expect(interfaces == [.strings(["org.a11y.atspi.Accessible", "org.a11y.atspi.Component", "org.a11y.atspi.Action"])])
        let state = try call(responder, elements[1], "org.a11y.atspi.Accessible", "GetState")
        #expect(state == [.array(elementSignature: "u", ATSPIStateSet([.enabled, .sensitive, .focusable, .showing, .visible]).words.map(DBusValue.uint32))])
    }

    @Test func pressIsATapThroughTheRoutingAndTheFrameMakesTheEvents() throws {
        let screen = Screen()
        let responder = responder(screen)
        let before = responder.snapshot
        let frames = childPaths(try call(responder, ATSPIObjectPaths.rootPath, "org.a11y.atspi.Accessible", "GetChildren"))
        let elements = childPaths(try call(responder, frames[0], "org.a11y.atspi.Accessible", "GetChildren"))
        #expect(try call(responder, elements[1], "org.a11y.atspi.Action", "GetName", [.int32(0)]) == [.string("press")])
        #expect(try call(responder, elements[1], "org.a11y.atspi.Action", "DoAction", [.int32(0)]) == [.boolean(true)])
        #expect(screen.taps == 1)
        #expect(try call(responder, elements[2], "org.a11y.atspi.Action", "DoAction", [.int32(0)]) == [.boolean(true)])
        #expect(screen.power.isOn)
        screen.title.text = "Your tickets"
        let after = ATSPISnapshot(application: screen.application, appName: "tickets", paths: responder.paths)
        let events = ATSPIEvent.changes(from: before, to: after, reference: responder.reference)
        let names = events.map(\.listenerName)
        #expect(names.contains("object:property-change:accessible-name"), "\(names)")
        #expect(names.contains("object:state-changed:checked"), "\(names)")
        let rename = try #require(events.first { $0.detail == "accessible-name" })
        #expect(ATSPIObjectPaths.path(of: rename.source) == elements[0])
        #expect(rename.arguments == [.string("accessible-name"), .int32(0), .int32(0), .variant(.string("Your tickets")), .emptyProperties])
        #expect(ATSPIEvent.changes(from: after, to: after, reference: responder.reference).isEmpty)
    }

    @Test func badCallsGetDBusErrorsNotCrashes() {
        let screen = Screen()
        let responder = responder(screen)
        let unknownObject = responder.respond(path: "/org/a11y/atspi/accessible/999", interface: "org.a11y.atspi.Accessible", member: "GetRole", arguments: [])
        #expect(unknownObject.failureName == "org.freedesktop.DBus.Error.UnknownObject")
        let badArguments = responder.respond(
            path: ATSPIObjectPaths.rootPath, interface: "org.a11y.atspi.Accessible", member: "GetChildAtIndex", arguments: [.string("x")])
        #expect(badArguments.failureName == "org.freedesktop.DBus.Error.InvalidArgs")
        let outOfRange = responder.respond(
            path: ATSPIObjectPaths.rootPath, interface: "org.a11y.atspi.Accessible", member: "GetChildAtIndex", arguments: [.int32(7)])
        #expect((try? outOfRange.get()) == [responder.nullReference])
        let unknownMethod = responder.respond(path: ATSPIObjectPaths.rootPath, interface: "org.a11y.atspi.Accessible", member: "Explode", arguments: [])
        #expect(unknownMethod.failureName == "org.freedesktop.DBus.Error.UnknownMethod")
        let setID = responder.respond(
            path: ATSPIObjectPaths.rootPath, interface: "org.freedesktop.DBus.Properties", member: "Set",
            arguments: [.string("org.a11y.atspi.Application"), .string("Id"), .variant(.int32(12))])
        #expect((try? setID.get()) == [])
        #expect(responder.applicationID == 12)
    }
}

extension Result where Failure == DBusFailure {
    /// The error's D-Bus name, nil on success.
    fileprivate var failureName: String? {
        if case let .failure(failure) = self { return failure.name }
        return nil
    }
}
