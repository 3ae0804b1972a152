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
    public struct Capabilities: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let touch = Capabilities(rawValue: 1)
        public static let pointer = Capabilities(rawValue: 2)
        public static let keyboard = Capabilities(rawValue: 4)
        public static let touchpadGestures = Capabilities(rawValue: 8)
    }

    public var id: InputDeviceID
    public var name: String
    public var capabilities: Capabilities

    public init(id: InputDeviceID, name: String, capabilities: Capabilities) {
        self.id = id
        self.name = name
        self.capabilities = capabilities
    }
}
