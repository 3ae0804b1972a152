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
                name = String(line.dropFirst(2).drop { $0 == " " })
            case "I":
                let values = fields.compactMap { UInt16($0, radix: 16) }
                guard values.count == 4, fields.count == 4 else { throw fail("expected 'I: bus vendor product version' in hex") }
                ids = values
            case "P":
                for (index, field) in fields.enumerated() {
                    guard let byte = UInt8(field, radix: 16) else { throw fail("property byte '\(field)' is not hex") }
                    for bit in 0..<8 where byte >> bit & 1 == 1 { properties.append(index * 8 + bit) }
                }
            case "B":
                guard let type = fields.first.flatMap({ Int($0, radix: 16) }) else { throw fail("expected 'B: TYPE BYTES…'") }
                for field in fields.dropFirst() {
                    guard let byte = UInt8(field, radix: 16) else { throw fail("bit byte '\(field)' is not hex") }
                    bits[type, default: []].append(byte)
                }
            case "A":
                guard let code = fields.first.flatMap({ Int($0, radix: 16) }) else { throw fail("expected 'A: CODE MIN MAX FUZZ FLAT RES'") }
                var values = fields.dropFirst().compactMap { Int32($0) }
                guard values.count == fields.count - 1, values.count >= 2 else { throw fail("axis values must be decimal integers") }
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

    private static func codes(_ bytes: [UInt8]) -> [Int] {
        var result: [Int] = []
        for (index, byte) in bytes.enumerated() {
            for bit in 0..<8 where byte >> bit & 1 == 1 { result.append(index * 8 + bit) }
        }
        return result
    }
}
