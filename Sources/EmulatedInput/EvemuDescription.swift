/// Parses an evemu device description (`evemu-describe` output: `N:` name, `I:` ids, `P:`
/// property bytes, `B:` event bits per type, `A:` axis ranges), the format of the shared
/// recordings and of the project's own fixtures.
public enum EvemuDescription {
    public struct ParseError: Error, CustomStringConvertible {
        public let file: String
        public let line: Int
        public let message: String
        public var description: String { "\(file):\(line): \(message)" }
    }

    /// The device `text` describes; `extraUdevProperties` are added to the guessed `ID_INPUT_*` tags.
    /// - Complexity: O(length of `text`).
    public static func parse(
        _ text: String, file: String = "description",
        extraUdevProperties: [String] = []
    ) throws -> EvdevDeviceSpec {
        var name: String?
        var ids: [UInt16]?
        var properties: [Int] = []
        var bits: [Int: [UInt8]] = [:]
        var axes: [Int: EvdevDeviceSpec.AbsInfo] = [:]
        var lineNumber = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            guard line.count >= 2, line.dropFirst().first == ":" else { continue }
            let fields = line.dropFirst(2).split(whereSeparator: { $0 == " " || $0 == "\t" })
            func fail(_ message: String) -> ParseError { ParseError(file: file, line: lineNumber, message: message) }
            switch line.first {
            case "N":
                let text = String(line.dropFirst(2).drop { $0 == " " })
                guard text.utf8.count <= Limits.nameBytes else {
                    throw fail("the device name is \(text.utf8.count) bytes; an evdev name is at most \(Limits.nameBytes) (EVIOCGNAME)")
                }
                name = text
            case "I":
                let values = fields.compactMap { UInt16($0, radix: 16) }
                guard values.count == 4, fields.count == 4 else { throw fail("expected 'I: bus vendor product version' in hex") }
                ids = values
            case "P":
                guard fields.count <= Limits.propertyBytes else {
                    throw fail("\(fields.count) property bytes; the kernel has at most \(Limits.propertyBytes) (INPUT_PROP_CNT)")
                }
                for (index, field) in fields.enumerated() {
                    guard let byte = UInt8(field, radix: 16) else { throw fail("property byte '\(field)' is not hex") }
                    for bit in 0..<8 where byte >> bit & 1 == 1 { properties.append(index * 8 + bit) }
                }
            case "B":
                guard let type = fields.first.flatMap({ Int($0, radix: 16) }) else { throw fail("expected 'B: TYPE BYTES…'") }
                guard type <= Limits.maximumEventType else { throw fail("event type \(type) is beyond EV_MAX (0x1f)") }
                let limit = Limits.bitBytes(type)
                guard (bits[type]?.count ?? 0) + fields.count - 1 <= limit else {
                    throw fail("more than \(limit) bit bytes for event type \(type); the kernel has no codes beyond that")
                }
                for field in fields.dropFirst() {
                    guard let byte = UInt8(field, radix: 16) else { throw fail("bit byte '\(field)' is not hex") }
                    bits[type, default: []].append(byte)
                }
            case "A":
                guard let code = fields.first.flatMap({ Int($0, radix: 16) }) else { throw fail("expected 'A: CODE MIN MAX FUZZ FLAT RES'") }
                guard code <= Limits.maximumAxis else { throw fail("axis code \(code) is beyond ABS_MAX (0x3f)") }
                var values = fields.dropFirst().compactMap { Int32($0) }
                guard values.count == fields.count - 1, (2...5).contains(values.count) else {
                    throw fail("axis values must be 2 to 5 decimal integers (MIN MAX FUZZ FLAT RES)")
                }
                guard values[0] <= values[1] else { throw fail("axis \(code)'s minimum \(values[0]) is above its maximum \(values[1])") }
                if code == EvdevCode.ABS_MT_SLOT, values[0] != 0 || !(0...Limits.maximumSlot).contains(values[1]) {
                    throw fail(
                        "ABS_MT_SLOT must range from 0 to at most \(Limits.maximumSlot) (\(Limits.maximumSlot + 1) slots, libevdev's limit), got \(values[0]) to \(values[1])"
                    )
                }
                while values.count < 5 { values.append(0) }
                axes[code] = .init(minimum: values[0], maximum: values[1], fuzz: values[2], flat: values[3], resolution: values[4])
            default:
                continue
            }
        }
        guard let name else { throw ParseError(file: file, line: lineNumber, message: "no 'N:' device name line (not an evemu description?)") }
        guard let ids else { throw ParseError(file: file, line: lineNumber, message: "no 'I:' id line") }
        guard let typeBits = bits[0] else { throw ParseError(file: file, line: lineNumber, message: "no 'B: 00' event type line") }
        var events: [Int: [Int]] = [:]
        for type in codes(typeBits) { events[type] = type == 0 ? [] : codes(bits[type] ?? []) }
        let udev = EvdevDeviceSpec.guessedUdevProperties(properties: properties, events: events) + extraUdevProperties
        return EvdevDeviceSpec(
            name: name, bus: ids[0], vendor: ids[1], product: ids[2], version: ids[3],
            properties: properties, events: events, axes: axes, udevProperties: udev)
    }

    /// What a real evdev device can claim. A description beyond these would make the emulation
    /// allocate without bound (one `EVIOCGMTSLOTS` value per slot), trap, or overflow umockdev's
    /// fixed uevent buffers ("Property buffer overflow"), so it is refused with its line.
    public enum Limits {
        /// `EVIOCGNAME`'s buffer as libevdev asks for it (255 bytes, the last one NUL).
        public static let nameBytes = 254
        /// `INPUT_PROP_CNT` (0x20) bits round up to 8 bytes.
        public static let propertyBytes = 8
        /// `EV_MAX`.
        public static let maximumEventType = 0x1f
        /// `ABS_MAX`.
        public static let maximumAxis = 0x3f
        /// The highest `ABS_MT_SLOT` value: libevdev tracks at most 256 slots.
        public static let maximumSlot: Int32 = 255

        /// Bit bytes a `B:` type may carry: `EVIOCGBIT`'s size for it (96 for `EV_KEY`, 16 for
        /// `EV_FF`, 8 otherwise).
        public static func bitBytes(_ type: Int) -> Int { UMockdevRecord.bitSizes[type] ?? 8 }
    }

    private static func codes(_ bytes: [UInt8]) -> [Int] {
        var result: [Int] = []
        for (index, byte) in bytes.enumerated() {
            for bit in 0..<8 where byte >> bit & 1 == 1 { result.append(index * 8 + bit) }
        }
        return result
    }
}
