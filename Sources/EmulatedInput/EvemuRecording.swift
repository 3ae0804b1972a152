/// One evdev event: what a `struct input_event` carries besides its time.
public struct EvdevEvent: Hashable, Sendable {
    public var type: UInt16, code: UInt16, value: Int32
    public init(type: Int, code: Int, value: Int32) {
        self.type = UInt16(truncatingIfNeeded: type); self.code = UInt16(truncatingIfNeeded: code); self.value = value
    }
}

/// The events up to and including one `SYN_REPORT`, with the recorded time of its first event.
public struct EvdevFrame: Hashable, Sendable {
    public var time: Double
    public var events: [EvdevEvent]
    /// The line of the frame's first event in its recording (0 when not read from a file), for
    /// warnings that point at the place.
    public var line: Int
    public init(time: Double, events: [EvdevEvent], line: Int = 0) {
        self.time = time; self.events = events; self.line = line
    }
}

/// Parses the `E: SEC.USEC TYPE CODE VALUE` lines of an evemu recording into frames.
public enum EvemuRecording {
    /// - Complexity: O(length of `text`).
    public static func parse(_ text: String, file: String = "recording") throws -> [EvdevFrame] {
        var frames: [EvdevFrame] = []
        var current: [EvdevEvent] = []
        var currentTime = 0.0
        var currentLine = 0
        var lineNumber = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            guard raw.hasPrefix("E: ") else { continue }
            let fields = raw.dropFirst(3).prefix { $0 != "#" }.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count == 4, let time = Double(fields[0]), time.isFinite,
                let type = Int(fields[1], radix: 16), let code = Int(fields[2], radix: 16), let value = Int32(fields[3])
            else {
                throw EvemuDescription.ParseError(file: file, line: lineNumber, message: "expected 'E: SEC.USEC TYPE CODE VALUE'")
            }
            if current.isEmpty { currentTime = time; currentLine = lineNumber }
            current.append(EvdevEvent(type: type, code: code, value: value))
            if type == EvdevCode.EV_SYN && code == EvdevCode.SYN_REPORT {
                frames.append(EvdevFrame(time: currentTime, events: current, line: currentLine))
                current = []
            }
        }
        guard !frames.isEmpty else {
            throw EvemuDescription.ParseError(file: file, line: lineNumber, message: "no complete event frame ('E:' lines ending in a SYN_REPORT)")
        }
        return frames
    }
}
