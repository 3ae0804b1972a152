import Kiosk
import LibinputBackend
import ResponderKit

/// The calibrate command's own flags, on top of every kiosk flag (`KioskOptions`).
public struct CalibrateOptions: Sendable {
    public var kiosk: KioskOptions
    /// `--write-udev-rule FILE`: where the udev rule goes (nil: not written).
    public var ruleFile: String?
    /// `--current-matrix "a b c d e f"`: the matrix libinput applies while calibrating, when the
    /// tool cannot know it (a compositor's own `calibration_matrix`).
    public var currentMatrix: CalibrationMatrix?
    /// `--no-check`: finish right after printing the result (scripts, a second run).
    public var skipCheck = false

    public static let usage = """
          --write-udev-rule FILE     also write a udev rule giving the touchscreen the new matrix
                                     (LIBINPUT_CALIBRATION_MATRIX; libinput applies it at next start)
          --current-matrix "a b c d e f"  the matrix applied while calibrating, if not the device's
                                     udev LIBINPUT_CALIBRATION_MATRIX or --calibration (e.g. sway's
                                     calibration_matrix under Wayland)
          --no-check                 exit after printing the result instead of showing the check screen
        """

    /// Separates the calibrate flags from the kiosk ones and parses both.
    public static func parse(_ arguments: [String], environment: (String) -> String? = ProcessEnvironment.value) throws(ScriptError) -> CalibrateOptions {
        var rest: [String] = []
        var ruleFile: String?
        var currentMatrix: CalibrationMatrix?
        var skipCheck = false
        var remaining = arguments[...]
        while let flag = remaining.popFirst() {
            switch flag {
            case "--write-udev-rule":
                guard let path = remaining.popFirst(), !path.isEmpty, !path.hasPrefix("--") else { throw ScriptError("--write-udev-rule needs a file name") }
                ruleFile = path
            case "--current-matrix":
                guard let text = remaining.popFirst() else { throw ScriptError("--current-matrix needs six numbers") }
                do { currentMatrix = try CalibrationMatrix(validating: text) } catch { throw ScriptError("--current-matrix \(error)") }
            case "--no-check":
                skipCheck = true
            default:
                rest.append(flag)
            }
        }
        var options = CalibrateOptions(kiosk: try KioskOptions.parse(rest, appName: "calibrate", environment: environment))
        options.ruleFile = ruleFile
        options.currentMatrix = currentMatrix
        options.skipCheck = skipCheck
        if let matrix = options.kiosk.calibration, PlaneAffineMap(matrix).inverted() == nil {
            throw ScriptError("--calibration: \(CalibrationError.currentMatrixSingular)")
        }
        return options
    }

    init(kiosk: KioskOptions) { self.kiosk = kiosk }

    /// Whether the host will run on a compositor, which rotates and calibrates by itself.
    func runsOnWayland(environment: (String) -> String?) -> Bool {
        switch kiosk.target {
        case .wayland: return true
        case .automatic: return !(environment("WAYLAND_DISPLAY") ?? "").isEmpty || !(environment("WAYLAND_SOCKET") ?? "").isEmpty
        case .drm, .framebuffer, .headless: return false
        }
    }
}
