import EmulatedInput
import Testing

/// Descriptions no real device has are refused with their line (issue 28): a slot axis of 10^8
/// slots grew the emulation to gigabytes, a negative one trapped in `Array(repeating:count:)`, and
/// a 32,000-character name or a 200,000-byte `B:` line aborted inside umockdev.
struct EvemuDescriptionLimitsTests {
    /// touchscreen.desc with its `A: 2f …` slot line replaced by `slotLine`.
    static func touchscreen(slotLine: String = "A: 2f 0 9 0 0 0", name: String = "Panel", extra: String = "") -> String {
        """
        N: \(name)
        I: 0003 1d6b 0301 0001
        P: 02 00 00 00 00 00 00 00
        B: 00 0b 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 03 03 00 00 00 00 80 60 02
        A: 00 0 4095 0 0 16
        A: 01 0 4095 0 0 16
        \(slotLine)
        A: 35 0 4095 0 0 16
        A: 36 0 4095 0 0 16
        A: 39 0 65535 0 0 0
        \(extra)
        """
    }

    static func error(_ text: String) -> String {
        do {
            _ = try EvemuDescription.parse(text, file: "x.desc")
            return "accepted"
        } catch { return "\(error)" }
    }

    @Test func aPlausibleDescriptionIsStillAccepted() throws {
        let spec = try EvemuDescription.parse(Self.touchscreen(slotLine: "A: 2f 0 255 0 0 0"))
        #expect(spec.axes[EvdevCode.ABS_MT_SLOT]?.maximum == 255)
        // The emulation's slot answer is one value per slot plus the code.
        #expect(UMockdevRecord.ioctls(of: spec, event: 1).count < 100_000)
    }

    @Test(arguments: ["A: 2f 0 100000000 0 0 0", "A: 2f 0 2000000000 0 0 0", "A: 2f 0 -5 0 0 0", "A: 2f 3 9 0 0 0", "A: 2f 0 256 0 0 0"])
    func implausibleSlotCountsAreRefusedWithTheirLine(line: String) {
        let message = Self.error(Self.touchscreen(slotLine: line))
        #expect(message.hasPrefix("x.desc:9: "), "\(message)")
        #expect(message.contains("ABS_MT_SLOT") || message.contains("minimum"), "\(message)")
    }

    @Test func aHandBuiltSpecWithANegativeSlotCountNeverTraps() {
        var spec = EvdevDeviceSpec(name: "x", bus: 3, vendor: 1, product: 1, version: 1, events: [0: [], 3: [0x2f, 0x39]], udevProperties: [])
        spec.axes = [0x2f: .init(minimum: 0, maximum: -5), 0x39: .init(minimum: 0, maximum: 65535)]
        #expect(UMockdevRecord.ioctls(of: spec, event: 1).contains("EVIOCGMTSLOTS"))
    }

    @Test func namesAndBitLinesBeyondTheKernelsBuffersAreRefused() {
        let longName = Self.error(Self.touchscreen(name: String(repeating: "n", count: 32_000)))
        #expect(longName.contains("x.desc:1: the device name is 32000 bytes"), "\(longName)")
        let wideBits = Self.error(Self.touchscreen(extra: "B: 01 " + Array(repeating: "ff", count: 66_000).joined(separator: " ")))
        #expect(wideBits.contains("more than 96 bit bytes for event type 1"), "\(wideBits)")
        let type = Self.error(Self.touchscreen(extra: "B: 40 00"))
        #expect(type.contains("beyond EV_MAX"), "\(type)")
        let axis = Self.error(Self.touchscreen(extra: "A: 40 0 1 0 0 0"))
        #expect(axis.contains("beyond ABS_MAX"), "\(axis)")
        let inverted = Self.error(Self.touchscreen(extra: "A: 02 10 1 0 0 0"))
        #expect(inverted.contains("minimum 10 is above its maximum 1"), "\(inverted)")
        let properties = Self.error(Self.touchscreen(extra: "P: " + Array(repeating: "00", count: 9).joined(separator: " ")))
        #expect(properties.contains("9 property bytes"), "\(properties)")
    }
}
