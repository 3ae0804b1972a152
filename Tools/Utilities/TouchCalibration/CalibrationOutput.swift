import LibinputBackend

#if canImport(Glibc)
import Glibc
#endif

/// The ways to apply a calibration, as text: the udev property libinput reads, sway's input
/// command, the kiosk host's option and a udev rule file carrying the property.
public enum CalibrationOutput {
    /// The six values with six decimals ("1.000000 0.000000 …"): exact to well under a pixel,
    /// and read the same by libinput's property parser, sway's and the host's.
    public static func values(_ matrix: CalibrationMatrix) -> String {
        matrix.values.map { fixed(Double($0)) }.joined(separator: " ")
    }

    /// `LIBINPUT_CALIBRATION_MATRIX="…"`, the udev property libinput applies itself.
    public static func environmentLine(_ matrix: CalibrationMatrix) -> String {
        "LIBINPUT_CALIBRATION_MATRIX=\"\(values(matrix))\""
    }

    /// sway's identifier of a device: decimal vendor and product and the name with surrounding
    /// whitespace removed and spaces and unprintable characters as `_` ("1234:5678:Some_Panel").
    public static func swayIdentifier(_ device: TouchDeviceIdentity) -> String {
        let name = String(device.name.trimmingSpaces.unicodeScalars.map { $0 == " " || $0.value < 0x20 || $0.value == 0x7f ? "_" : Character($0) })
        return "\(device.vendor):\(device.product):\(name)"
    }

    /// `input "<identifier>" calibration_matrix …` for sway's config (or `swaymsg`); `device` nil
    /// writes `type:touch`, which calibrates every touchscreen.
    public static func swayLine(_ matrix: CalibrationMatrix, device: TouchDeviceIdentity?) -> String {
        let identifier = device.map { "\"\(swayIdentifier($0).replacingQuotes)\"" } ?? "type:touch"
        return "input \(identifier) calibration_matrix \(values(matrix))"
    }

    /// The kiosk host's option (framebuffer + libinput target).
    public static func hostOption(_ matrix: CalibrationMatrix) -> String {
        "--calibration \"\(values(matrix))\""
    }

    /// A udev rule giving `device` the property: it matches the event node of an input device with
    /// the same vendor, product and name (characters udev reads as patterns — `*?[]|` — and quotes
    /// or backslashes in the name match any one character).
    public static func udevRule(_ matrix: CalibrationMatrix, device: TouchDeviceIdentity) -> String {
        """
        # Touchscreen calibration for "\(device.name.replacingQuotes)", written by ResponderKit's calibrate.
        # libinput applies LIBINPUT_CALIBRATION_MATRIX itself when it next opens the device. Install:
        #   cp THIS-FILE /etc/udev/rules.d/99-touchscreen-calibration.rules
        #   udevadm control --reload && udevadm trigger --subsystem-match=input --action=change
        # then restart the kiosk (or reboot).
        ACTION=="add|change", SUBSYSTEM=="input", KERNEL=="event*", \
        ATTRS{id/vendor}=="\(hex4(device.vendor))", ATTRS{id/product}=="\(hex4(device.product))", \
        ATTRS{name}=="\(udevPattern(device.name))", \
        ENV{LIBINPUT_CALIBRATION_MATRIX}="\(values(matrix))"

        """
    }

    /// Writes `text` to `path` (created or replaced, mode 0644).
    public static func write(_ text: String, to path: String) throws(CalibrationError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes[done...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
            done += n
        }
    }

    /// `value` with six decimals, "-0.000000" written as "0.000000".
    static func fixed(_ value: Double) -> String {
        // Never trap: a value whose millionths do not fit an Int64 (or NaN) is written as Swift
        // prints it; validated matrices (CalibrationMatrix.validate) never get there.
        let scaled = (value * 1_000_000).rounded()
        guard scaled.isFinite, scaled.magnitude < 9e18 else { return "\(value)" }
        let micro = Int64(scaled)
        let sign = micro < 0 ? "-" : ""
        let magnitude = micro.magnitude
        let fraction = String(magnitude % 1_000_000)
        return "\(sign)\(magnitude / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count))\(fraction)"
    }

    static func hex4(_ v: UInt16) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: 4 - s.count) + s
    }

    /// `name` as a udev match value: pattern characters, quotes and backslashes become `?`.
    static func udevPattern(_ name: String) -> String {
        String(name.map { "*?[]|\"\\".contains($0) ? "?" : $0 })
    }
}

extension String {
    var replacingQuotes: String { String(map { $0 == "\"" ? "'" : $0 }) }
}

extension CalibrationOutput {
    /// `value` with one decimal (progress lines).
    static func fixed1(_ value: Double) -> String {
        let scaled = (value * 10).rounded()
        guard scaled.isFinite, scaled.magnitude < 9e18 else { return "\(value)" }
        let tenths = Int64(scaled)
        return "\(tenths < 0 ? "-" : "")\(tenths.magnitude / 10).\(tenths.magnitude % 10)"
    }
}

/// Standard output and error without the `stdout`/`stderr` globals (not concurrency-safe in Swift 6).
enum Console {
    /// Prints `line` and flushes at once: under a service manager or a test, standard output is a
    /// pipe (block-buffered), and the result must be readable before the run ends.
    static func out(_ line: String) {
        print(line)
        fflush(nil)
    }

    static func error(_ line: String) {
        let text = line + "\n"
        _ = text.withCString { write(2, $0, strlen($0)) }
    }
}
