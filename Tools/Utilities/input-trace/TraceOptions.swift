import Keymap
import LibinputBackend
import ResponderKit

/// input-trace's command line.
struct TraceOptions {
    struct UsageError: Error, CustomStringConvertible { let description: String }

    enum Source { case seat(String), devices([String]), evemu(description: String, events: [String]) }

    var source: Source = .seat("seat0")
    var treePath: String?
    var latency = false
    var size: Size?
    var rotation: DisplayRotation = .none
    var calibration: CalibrationMatrix?
    var keymap = KeymapConfiguration.environment
    /// Replay speed for --evemu (2 = twice as fast); 0 writes frames back to back.
    var speed = 1.0
    /// The longest wait between two replayed frames, in seconds: a longer recorded gap (or a gap
    /// divided by a tiny `speed`) is shortened to this, with a warning.
    var maxGap = 5.0
    /// Stop after this many seconds (live sources); nil runs until SIGINT/SIGTERM.
    var duration: Double?
    var verbose = false
    /// Write the touch downs (and button presses) as a benchmark `.points` file here, and with
    /// `--tree` the reference answers beside it (`.hits`): `hitbench` then times the tree on
    /// the touches of a recording.
    var pointsPath: String?

    static let usage = """
        usage: input-trace [--udev SEAT | --device PATH…] [--tree FILE.vtree] [--latency] [options]
               input-trace --evemu DESC [EVENTS…] [--tree FILE.vtree] [--latency] [--speed X] [options]
        Prints one line per input event: time, device, kind, position, and for routed events the hit view
        and the responder chain it travelled. --evemu replays an evemu recording through real libinput on an
        emulated device (umockdev) and ends with a summary line; it fails (status 3) when libinput delivered
        fewer touches, keys or buttons than the recording holds. Status: 0 done, 1 error, 2 usage, 3 replay lost
        input, 128+N stopped by signal N during a replay.
        options: --size WxH (output size, default the tree's root or 1280x800), --rotation 0|90|180|270,
                 --calibration "a b c d e f", --layout L, --variant V, --model M, --options O,
                 --duration SECONDS (stop a live trace),
                 --max-gap SECONDS (longest wait between replayed frames, default 5), --verbose (libinput's debug log),
                 --points FILE.points (the touch downs as hitbench points; with --tree, FILE.hits too), --help
        """

    init(arguments: [String]) throws {
        var i = 0
        var devices: [String] = []
        var evemu: [String]?
        func value(_ flag: String) throws -> String {
            i += 1
            guard i < arguments.count, !arguments[i].hasPrefix("--") else { throw UsageError(description: "\(flag) needs a value") }
            return arguments[i]
        }
        while i < arguments.count {
            let arg = arguments[i]
            switch arg {
            case "--udev": source = .seat(try value(arg))
            case "--device":
                devices.append(try value(arg))
                while i + 1 < arguments.count, !arguments[i + 1].hasPrefix("--") { i += 1; devices.append(arguments[i]) }
            case "--evemu":
                var files = [try value(arg)]
                while i + 1 < arguments.count, !arguments[i + 1].hasPrefix("--") { i += 1; files.append(arguments[i]) }
                evemu = files
            case "--tree": treePath = try value(arg)
            case "--latency": latency = true
            case "--points":
                let path = try value(arg)
                guard path.hasSuffix(".points") else {
                    throw UsageError(description: "--points names a FILE.points (the answers go to FILE.hits), got '\(path)'")
                }
                pointsPath = path
            case "--verbose": verbose = true
            case "--size":
                let text = try value(arg)
                // Exactly two numbers around one "x": "640xjunkx480" is an error, not 640×480.
                let fields = text.split(separator: "x", omittingEmptySubsequences: false)
                let parts = fields.compactMap { Double($0) }
                guard fields.count == 2, parts.count == 2, parts.allSatisfy({ $0 >= 1 && $0 <= 100_000 }) else {
                    throw UsageError(description: "--size wants WIDTHxHEIGHT (e.g. 1280x800), got '\(text)'")
                }
                size = Size(width: parts[0], height: parts[1])
            case "--rotation":
                let text = try value(arg)
                guard let r = DisplayRotation(degrees: text) else { throw UsageError(description: "--rotation must be 0, 90, 180 or 270, got '\(text)'") }
                rotation = r
            case "--calibration":
                let text = try value(arg)
                do { calibration = try CalibrationMatrix(validating: text) } catch { throw UsageError(description: "--calibration \(error)") }
            case "--layout": keymap.layout = try value(arg)
            case "--variant": keymap.variant = try value(arg)
            case "--model": keymap.model = try value(arg)
            case "--options": keymap.options = try value(arg)
            case "--speed":
                let text = try value(arg)
                guard let s = Double(text), s >= 0, s.isFinite else { throw UsageError(description: "--speed wants a number >= 0, got '\(text)'") }
                speed = s
            case "--max-gap":
                let text = try value(arg)
                guard let g = Double(text), g >= 0, g <= 3600 else { throw UsageError(description: "--max-gap wants seconds from 0 to 3600, got '\(text)'") }
                maxGap = g
            case "--duration":
                let text = try value(arg)
                guard let d = Double(text), d > 0, d.isFinite else { throw UsageError(description: "--duration wants seconds > 0, got '\(text)'") }
                duration = d
            default:
                throw UsageError(description: "unknown argument '\(arg)'")
            }
            i += 1
        }
        if let evemu {
            guard devices.isEmpty else { throw UsageError(description: "--evemu and --device exclude each other") }
            source = .evemu(description: evemu[0], events: Array(evemu.dropFirst()))
        } else if !devices.isEmpty {
            source = .devices(devices)
        }
    }
}
