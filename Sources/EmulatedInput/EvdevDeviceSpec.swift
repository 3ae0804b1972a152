/// What an emulated evdev device claims to be: the answers its kernel driver would give to the
/// `EVIOCG*` ioctls libevdev asks (name, id, properties, event bits, axis ranges) and the udev
/// properties libinput reads (`ID_INPUT_TOUCHSCREEN=1`, `LIBINPUT_CALIBRATION_MATRIX=…`).
///
/// Built from an evemu description (`EvemuDescription`) so the project's fixtures and a bug
/// report's recording use the same format.
public struct EvdevDeviceSpec: Hashable, Sendable {
    /// One `struct input_absinfo`.
    public struct AbsInfo: Hashable, Sendable {
        public var value: Int32, minimum: Int32, maximum: Int32, fuzz: Int32, flat: Int32, resolution: Int32
        public init(value: Int32 = 0, minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0) {
            self.value = value; self.minimum = minimum; self.maximum = maximum
            self.fuzz = fuzz; self.flat = flat; self.resolution = resolution
        }
    }

    public var name: String
    /// bus, vendor, product, version (`EVIOCGID`).
    public var bus: UInt16, vendor: UInt16, product: UInt16, version: UInt16
    /// `INPUT_PROP_*` bits (`INPUT_PROP_DIRECT` is 1).
    public var properties: [Int]
    /// Event type → supported codes (`EV_KEY` → key codes…). Types with no codes (EV_SYN, EV_REP) map to [].
    public var events: [Int: [Int]]
    /// `ABS_*` code → range.
    public var axes: [Int: AbsInfo]
    /// udev properties (`ID_INPUT=1`, …) on top of what the kernel reports.
    public var udevProperties: [String]

    public init(
        name: String, bus: UInt16, vendor: UInt16, product: UInt16, version: UInt16,
        properties: [Int] = [], events: [Int: [Int]], axes: [Int: AbsInfo] = [:], udevProperties: [String]
    ) {
        self.name = name; self.bus = bus; self.vendor = vendor; self.product = product; self.version = version
        self.properties = properties; self.events = events; self.axes = axes; self.udevProperties = udevProperties
    }

    /// The udev `ID_INPUT_*` tags, guessed the way udev's `input_id` builtin does for the common
    /// kinds (touchscreen, touchpad, tablet, mouse, keyboard), so a recording's description works
    /// without a udev rule: absolute X/Y with a pen is a tablet, with a finger tool and not direct a
    /// touchpad, with a mouse button a mouse, with BTN_TOUCH or INPUT_PROP_DIRECT a touchscreen.
    public static func guessedUdevProperties(properties: [Int], events: [Int: [Int]]) -> [String] {
        let keys = Set(events[EvdevCode.EV_KEY] ?? [])
        let abs = Set(events[EvdevCode.EV_ABS] ?? [])
        let rel = Set(events[EvdevCode.EV_REL] ?? [])
        let direct = properties.contains(1)
        let absolute =
            (abs.contains(EvdevCode.ABS_X) && abs.contains(EvdevCode.ABS_Y))
            || (abs.contains(EvdevCode.ABS_MT_POSITION_X) && abs.contains(EvdevCode.ABS_MT_POSITION_Y))
        let pen = keys.contains(0x140) || keys.contains(0x14b)  // BTN_TOOL_PEN, BTN_STYLUS
        let fingerTool = keys.contains(0x145)  // BTN_TOOL_FINGER
        let mouseButton = keys.contains(EvdevCode.BTN_LEFT)
        var tags = ["ID_INPUT=1"]
        if absolute {
            if pen {
                tags.append("ID_INPUT_TABLET=1")
            } else if fingerTool && !direct {
                tags.append("ID_INPUT_TOUCHPAD=1")
            } else if mouseButton {
                tags.append("ID_INPUT_MOUSE=1")
            } else if keys.contains(EvdevCode.BTN_TOUCH) || direct {
                tags.append("ID_INPUT_TOUCHSCREEN=1")
            }
        } else if mouseButton && rel.contains(EvdevCode.REL_X) && rel.contains(EvdevCode.REL_Y) {
            tags.append("ID_INPUT_MOUSE=1")
        }
        if keys.contains(30) {  // KEY_A: a keyboard
            tags += ["ID_INPUT_KEY=1", "ID_INPUT_KEYBOARD=1"]
        } else if keys.contains(where: { $0 < 0x100 || (0x160..<0x2ff).contains($0) }) {
            tags.append("ID_INPUT_KEY=1")
        }
        return tags
    }
}

/// The evdev numbers the emulation needs (linux/input-event-codes.h), as plain Ints.
public enum EvdevCode {
    public static let EV_SYN = 0, EV_KEY = 1, EV_REL = 2, EV_ABS = 3, EV_MSC = 4, EV_SW = 5
    public static let EV_LED = 0x11, EV_SND = 0x12, EV_REP = 0x14, EV_FF = 0x15
    public static let SYN_REPORT = 0
    public static let BTN_LEFT = 0x110, BTN_RIGHT = 0x111, BTN_MIDDLE = 0x112, BTN_TOUCH = 0x14a
    public static let REL_X = 0, REL_Y = 1, REL_WHEEL = 8, REL_WHEEL_HI_RES = 0x0b
    public static let ABS_X = 0, ABS_Y = 1, ABS_MT_SLOT = 0x2f, ABS_MT_POSITION_X = 0x35
    public static let ABS_MT_POSITION_Y = 0x36, ABS_MT_TRACKING_ID = 0x39
}
