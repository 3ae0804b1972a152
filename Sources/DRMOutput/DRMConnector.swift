/// A display connector as the kernel describes it (`drmModeGetConnector`), reduced to what the
/// choice of connector and mode needs; `DRMConnector.choose` and `DRMMode.choose` are pure, so
/// they are tested without a kernel.
public struct DRMConnector: Sendable, Equatable {
    /// The kernel's object id.
    public var id: UInt32
    /// The type's name as the kernel's connector names use it ("eDP", "HDMI-A", "Virtual").
    public var typeName: String
    /// The type's index (`connector_type_id`): "HDMI-A-1" is HDMI-A number 1.
    public var typeIndex: UInt32
    /// Whether something is plugged in (`DRM_MODE_CONNECTED`).
    public var isConnected: Bool
    /// The modes it offers, in the kernel's order.
    public var modes: [DRMMode]

    /// A connector with these fields.
    public init(id: UInt32, typeName: String, typeIndex: UInt32, isConnected: Bool, modes: [DRMMode]) {
        self.id = id
        self.typeName = typeName
        self.typeIndex = typeIndex
        self.isConnected = isConnected
        self.modes = modes
    }

    /// "eDP-1", "HDMI-A-2", "Virtual-1": the name `--connector` takes (the kernel's own, as in
    /// `/sys/class/drm/card0-eDP-1`).
    public var name: String { "\(typeName)-\(typeIndex)" }

    /// Whether this is a panel built into the device (eDP, DSI, LVDS): the default prefers them.
    public var isInternal: Bool { ["eDP", "DSI", "LVDS"].contains(typeName) }

    /// The connector to drive: the one named `name` (connected or not: the caller reports a
    /// disconnected one), else the first connected internal panel, else the first connected one.
    /// Nil when `name` matches none or nothing is connected.
    /// - Complexity: O(connectors).
    public static func choose(_ name: String?, among connectors: [DRMConnector]) -> DRMConnector? {
        if let name { return connectors.first { $0.name.lowercased() == name.lowercased() } }
        let connected = connectors.filter { $0.isConnected && !$0.modes.isEmpty }
        return connected.first(where: \.isInternal) ?? connected.first
    }

    /// The connector type names of `DRM_MODE_CONNECTOR_*`, indexed by the constant (the kernel's
    /// `drm_connector_enum_list`).
    public static func typeName(_ type: UInt32) -> String {
        let names = [
            "Unknown", "VGA", "DVI-I", "DVI-D", "DVI-A", "Composite", "SVIDEO", "LVDS", "Component", "DIN", "DP", "HDMI-A",
            "HDMI-B", "TV", "eDP", "Virtual", "DSI", "DPI", "Writeback", "SPI", "USB"
        ]
        return Int(type) < names.count ? names[Int(type)] : "Unknown"
    }
}

/// One display mode a connector offers (`drmModeModeInfo`), by size and refresh.
public struct DRMMode: Sendable, Equatable, CustomStringConvertible {
    /// Active width in pixels (`hdisplay`).
    public var width: Int
    /// Active height in pixels (`vdisplay`).
    public var height: Int
    /// Refresh rate in millihertz, from the pixel clock and totals (more precise than `vrefresh`).
    public var refreshMillihertz: Int
    /// Whether the connector marks it preferred (`DRM_MODE_TYPE_PREFERRED`).
    public var isPreferred: Bool
    /// Its index in the connector's mode list (the kernel's `drmModeModeInfo` there).
    public var index: Int

    /// A mode with these fields.
    public init(width: Int, height: Int, refreshMillihertz: Int, isPreferred: Bool, index: Int) {
        self.width = width
        self.height = height
        self.refreshMillihertz = refreshMillihertz
        self.isPreferred = isPreferred
        self.index = index
    }

    /// "1280x800@60.00".
    public var description: String {
        let hz = (refreshMillihertz + 5) / 10
        return "\(width)x\(height)@\(hz / 100).\(hz % 100 < 10 ? "0" : "")\(hz % 100)"
    }

    /// One refresh period in seconds (1/60 when the rate is unknown).
    public var framePeriod: Double { refreshMillihertz > 0 ? 1000 / Double(refreshMillihertz) : 1.0 / 60 }

    /// The mode for `request` among `modes`: with no request the preferred one (else the first);
    /// with a size, the modes of that size — the one nearest the asked rate when a rate is given,
    /// else the preferred one of that size, else the highest rate. Nil when none matches.
    /// - Complexity: O(modes).
    public static func choose(_ request: DRMModeRequest?, among modes: [DRMMode]) -> DRMMode? {
        guard let request else { return modes.first(where: \.isPreferred) ?? modes.first }
        let sized = modes.filter { $0.width == request.width && $0.height == request.height }
        if let hz = request.refresh {
            let near = sized.filter { abs($0.refreshMillihertz - hz * 1000) <= 500 }
            return near.min { abs($0.refreshMillihertz - hz * 1000) < abs($1.refreshMillihertz - hz * 1000) }
        }
        return sized.first(where: \.isPreferred) ?? sized.max { $0.refreshMillihertz < $1.refreshMillihertz }
    }
}
