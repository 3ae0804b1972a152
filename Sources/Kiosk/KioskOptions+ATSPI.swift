extension KioskOptions {
    /// Whether the app's accessibility tree goes on the AT-SPI2 accessibility bus, for Orca and
    /// other assistive technologies under a compositor (`--atspi on|off|auto`).
    public enum ATSPIMode: String, CaseIterable, Sendable {
        /// Always tried; a failure to reach the bus is reported.
        case on
        /// Never: no D-Bus at all.
        case off
        /// When a session bus (or `AT_SPI_BUS_ADDRESS`) exists and the accessibility bus answers;
        /// quiet when not.
        case auto
    }
}
