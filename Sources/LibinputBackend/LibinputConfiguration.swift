import Keymap
import ResponderKit

/// What the libinput source opens and how it maps input onto the output.
public struct LibinputConfiguration: Sendable {
    /// Where devices come from.
    public enum Devices: Sendable, Hashable {
        /// Every input device of a udev seat, with hotplug (`libinput_udev_assign_seat`).
        case seat(String)
        /// Exactly these nodes (`libinput_path_add_device`); no hotplug.
        case paths([String])
    }

    /// How device nodes are opened.
    public enum SeatAccess: Sendable, Hashable {
        /// libseat when the process is not root and libseat.so.1 loads and opens a seat; otherwise
        /// (root, no libseat, no seatd/logind) `open(2)` directly.
        case automatic
        /// Always `open(2)`: root, the `input` group or a uaccess rule gives access.
        case direct
        /// Always through libseat (seatd or systemd-logind); failing to open a seat is an error.
        case libseat
    }

    /// The udev seat or the device nodes to open (default: seat `seat0`).
    public var devices: Devices = .seat("seat0")
    /// Direct `open(2)` or libseat (`SeatSession`); see `SeatAccess`.
    public var seatAccess: SeatAccess = .automatic
    /// How long to wait for a libseat seat to become active, in seconds.
    public var seatTimeout: Double = 2
    /// The output (window) size in points, as the user sees it (after rotation).
    public var outputSize: Size = Size(width: 1280, height: 800)
    /// How the UI is turned on the panel; touch positions are turned the same way so they land on what is drawn.
    public var rotation: DisplayRotation = .none
    /// Applied to every touchscreen through libinput's config API; nil keeps what the device has
    /// (the identity, or the `LIBINPUT_CALIBRATION_MATRIX` udev property).
    public var calibration: CalibrationMatrix?
    /// The keymap for every keyboard (nil fields: `XKB_DEFAULT_*`, then us).
    public var keymap: KeymapConfiguration = .environment
    /// The locale whose compose sequences apply; nil uses the process locale.
    public var composeLocale: String?
    /// Seconds before a held key repeats, and repeats per second (0: no repeat).
    public var repeatDelay: Double = 0.6
    /// Repeats per second of a held key (0: no repeat).
    public var repeatRate: Double = 25
    /// Print libinput's debug log (why a device is ignored, which quirks apply) to standard error.
    public var verboseLibinputLog = false
    /// The window input goes to; nil means the application's key window.
    public var window: Window?

    /// A configuration for `devices`, every other field at its default.
    public init(devices: Devices = .seat("seat0")) { self.devices = devices }
}
