import EmulatedInput
import LibinputBackend
import Prerequisites
import RecordingViews
import ResponderKit
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The headphone jack as an emulated evdev switch device (umockdev): libinput does not report
/// `SW_HEADPHONE_INSERT`, so `SwitchSource` reads the node itself; plugging a headset in starts
/// the screen reader, which says so (issue 26 §2, "started without sight").
@Suite(.serialized, .requires(.umockdev))
@MainActor
struct HeadphoneJackTests {
    static let suite = "HeadphoneJackTests"

    static let jack = EvdevDeviceSpec(
        name: "ResponderKit Test Headphone Jack", bus: 0x19, vendor: 0, product: 0, version: 0,
        events: [EvdevCode.EV_SYN: [0], EvdevCode.EV_SW: [InputSwitch.headphoneInsert.rawValue]],
        udevProperties: ["ID_INPUT=1", "ID_INPUT_SWITCH=1"])

    @Test func pluggingAHeadsetInStartsTheScreenReader() throws {
        try UmockdevProcess.run(Self.suite, "pluggingAHeadsetInStartsTheScreenReader") {
            let session = try EmulatedSession()
            let device = try session.testbed.add(Self.jack, event: 12)
            // Found by its switch capabilities in sysfs, as the host finds it.
            #expect(SwitchSource.headphoneJackNodes() == [device.node])
            let source = SwitchSource(application: session.application, nodes: [device.node])
            #expect(source.openFailures.isEmpty)
            let voice = RecordingSpeechSynthesizer()
            session.application.screenReader.synthesizer = voice
            session.application.screenReader.stopsOnHeadphoneRemoval = true

            @MainActor func pumpSwitch(until done: () -> Bool) {
                let deadline = MonotonicClock().now + 10
                var fds = pollfd(fd: source.fileDescriptors[0], events: Int16(POLLIN), revents: 0)
                while !done(), MonotonicClock().now < deadline {
                    if poll(&fds, 1, 50) > 0 { source.dispatch(fileDescriptor: fds.fd) }
                }
            }
            let syn = EvdevEvent(type: EvdevCode.EV_SYN, code: EvdevCode.SYN_REPORT, value: 0)
            try session.testbed.write([EvdevEvent(type: EvdevCode.EV_SW, code: InputSwitch.headphoneInsert.rawValue, value: 1), syn], to: device)
            pumpSwitch { session.application.screenReader.isRunning }
            #expect(session.application.screenReader.isRunning)
            try session.testbed.write([EvdevEvent(type: EvdevCode.EV_SW, code: InputSwitch.headphoneInsert.rawValue, value: 0), syn], to: device)
            pumpSwitch { !session.application.screenReader.isRunning }
            #expect(!session.application.screenReader.isRunning)
            #expect(voice.texts == ["Screen reader on", "Screen reader off"])
            #expect(session.routed.contains { if case .switchToggled(.headphoneInsert, isOn: true) = $0.kind { true } else { false } })
        }
    }

    @Test func aSysfsMaskWithBitTwoIsAHeadphoneJack() {
        #expect(SwitchSource.hasHeadphoneBit("4\n"))
        #expect(SwitchSource.hasHeadphoneBit("0 5"))
        #expect(!SwitchSource.hasHeadphoneBit("3"))
        #expect(!SwitchSource.hasHeadphoneBit(""))
    }
}
