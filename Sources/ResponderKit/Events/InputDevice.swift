/// Identifies an input device for its life in the process (a libinput device, a Wayland seat's
/// capability, a test's virtual device).
public struct InputDeviceID: RawRepresentable, Hashable, Sendable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The device tests and single-device sources use when they do not name one.
    public static let main = InputDeviceID(rawValue: 0)
}

/// What a source tells the core about a device when it appears.
public struct InputDevice: Hashable, Sendable {
    /// What a device can produce.
    public struct Capabilities: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// A touchscreen (absolute touches in slots).
        public static let touch = Capabilities(rawValue: 1)
        /// A mouse, touchpad or other pointer.
        public static let pointer = Capabilities(rawValue: 2)
        /// A keyboard (barcode scanners are keyboards).
        public static let keyboard = Capabilities(rawValue: 4)
        /// A touchpad that reports swipe, pinch and hold gestures.
        public static let touchpadGestures = Capabilities(rawValue: 8)
    }

    /// The device's identifier in `InputEvent.device`.
    public var id: InputDeviceID
    /// The device's name as the kernel or compositor reports it.
    public var name: String
    /// What the device can produce.
    public var capabilities: Capabilities

    /// Describes a device.
    public init(id: InputDeviceID, name: String, capabilities: Capabilities) {
        self.id = id
        self.name = name
        self.capabilities = capabilities
    }
}
