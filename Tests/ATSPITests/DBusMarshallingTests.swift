import Testing

@testable import ATSPI

/// The D-Bus layer over libdbus without a bus: values appended to a message, marshalled to the
/// wire format and read back, and the clear failures for bad input.
@Suite struct DBusMarshallingTests {
    @Test func everyValueShapeSurvivesTheWireFormat() throws {
        let message = try #require(
            DBusMessage.methodCall(
                destination: "org.a11y.atspi.Registry", path: "/org/a11y/atspi/accessible/root", interface: "org.a11y.atspi.Socket", member: "Embed"))
        let values: [DBusValue] = [
            .structure([.string(":1.42"), .objectPath("/org/a11y/atspi/accessible/root")]),
            .array(elementSignature: "(so)", []),
            .array(elementSignature: "u", [.uint32(1 << 8), .uint32(0)]),
            .stringDictionary(["toolkit": "ResponderKit", "traits": "button"]),
            .variant(.structure([.int32(-3), .int32(4), .int32(50), .int32(60)])),
            .boolean(true), .double(0.25), .int64(-7), .uint64(9), .byte(200), .signature("a{sv}"),
            .string("Tile 3, with ünïcode"), DBusValue.emptyProperties
        ]
        #expect(message.append(values))
        #expect(message.signature == "(so)a(so)aua{ss}vbdxtygsa{sv}")
        let bytes = try #require(message.marshalled())
        let back = try DBusMessage.demarshal(bytes)
        #expect(back.arguments == values)
        #expect(back.member == "Embed" && back.interface == "org.a11y.atspi.Socket" && back.kind == .methodCall)
    }

    @Test func signaturesAreComputedFromTheValues() {
        #expect(DBusValue.structure([.string("a"), .objectPath("/")]).signature == "(so)")
        #expect(DBusValue.emptyProperties.signature == "a{sv}")
        #expect(DBusValue.array(elementSignature: "(ua(so))", []).signature == "a(ua(so))")
        #expect(DBusValue.variant(.int32(1)).signature == "v")
    }

    @Test func invalidNamesAndBytesAreClearFailures() {
        #expect(DBusMessage.methodCall(destination: nil, path: "no/slash", interface: nil, member: "Get") == nil)
        #expect(DBusMessage.methodCall(destination: nil, path: "/a//b", interface: nil, member: "Get") == nil)
        #expect(DBusMessage.signal(path: "/a", interface: "org.a11y.atspi.Event.Object", member: "9Bad") == nil)
        let message = DBusMessage.signal(path: "/a", interface: "org.a11y.atspi.Event.Object", member: "StateChanged")!
        #expect(!message.append([.objectPath("not a path")]))
        #expect(throws: DBusFailure.self) { try DBusMessage.demarshal([0x6c, 1, 2, 3]) }
    }
}
