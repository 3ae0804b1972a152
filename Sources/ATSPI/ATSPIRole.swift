import ResponderKit

/// The AT-SPI roles the bridge reports (`AtspiRole` in at-spi2-core's `atspi-constants.h`; the
/// numbers are the protocol's, `GetRole` answers them) and how an element's traits and kind map
/// to them, as Qt's and GTK's bridges map their widgets.
public enum ATSPIRole: UInt32, CaseIterable, Sendable {
    /// `ATSPI_ROLE_CHECK_BOX`
    case checkBox = 7
    /// `ATSPI_ROLE_ENTRY` (a text field)
    case entry = 79
    /// `ATSPI_ROLE_FRAME` (a window)
    case frame = 23
    /// `ATSPI_ROLE_HEADING`
    case heading = 83
    /// `ATSPI_ROLE_IMAGE`
    case image = 27
    /// `ATSPI_ROLE_LABEL`
    case label = 29
    /// `ATSPI_ROLE_LINK`
    case link = 88
    /// `ATSPI_ROLE_LIST`
    case list = 31
    /// `ATSPI_ROLE_LIST_ITEM`
    case listItem = 32
    /// `ATSPI_ROLE_PAGE_TAB_LIST` (a tab bar)
    case pageTabList = 38
    /// `ATSPI_ROLE_PANEL`
    case panel = 39
    /// `ATSPI_ROLE_PASSWORD_TEXT` (a secure text field)
    case passwordText = 40
    /// `ATSPI_ROLE_PUSH_BUTTON`
    case pushButton = 43
    /// `ATSPI_ROLE_SLIDER`
    case slider = 51
    /// `ATSPI_ROLE_SPIN_BUTTON` (a stepper)
    case spinButton = 52
    /// `ATSPI_ROLE_TOGGLE_BUTTON` (a switch)
    case toggleButton = 62
    /// `ATSPI_ROLE_UNKNOWN`
    case unknown = 67
    /// `ATSPI_ROLE_APPLICATION`
    case application = 75

    /// The role's name as AT-SPI spells it (`atspi_role_get_name`: "push button"), which
    /// `GetRoleName` answers and Orca reads.
    public var name: String {
        switch self {
        case .checkBox: "check box"
        case .entry: "entry"
        case .frame: "frame"
        case .heading: "heading"
        case .image: "image"
        case .label: "label"
        case .link: "link"
        case .list: "list"
        case .listItem: "list item"
        case .pageTabList: "page tab list"
        case .panel: "panel"
        case .passwordText: "password text"
        case .pushButton: "push button"
        case .slider: "slider"
        case .spinButton: "spin button"
        case .toggleButton: "toggle button"
        case .unknown: "unknown"
        case .application: "application"
        }
    }

    /// What an element is beyond its traits: the controls whose role no trait names.
    public enum ElementKind: Equatable, Sendable {
        /// Any view or element described only by its traits.
        case plain
        /// A text field (`TextField`).
        case textField
        /// A secure text field (never read out).
        case secureTextField
        /// A switch (`Switch`): a toggle button, checked while on.
        case switchControl
        /// A slider (`Slider`).
        case slider
        /// A stepper (`Stepper`).
        case stepper
        /// A cell of a list that is itself an element.
        case listItem
    }

    /// The role of an element of `kind` with `traits`: the kind first (a switch is a toggle
    /// button whatever its traits say), then the traits in VoiceOver's order of importance
    /// (heading, link, search field, button or key, adjustable, image, tab bar, static text);
    /// an element with none is a label (it is read, not operated).
    /// - Complexity: O(1).
    public static func of(traits: AccessibilityTraits, kind: ElementKind) -> ATSPIRole {
        switch kind {
        case .textField: return .entry
        case .secureTextField: return .passwordText
        case .switchControl: return .toggleButton
        case .slider: return .slider
        case .stepper: return .spinButton
        case .listItem: return .listItem
        case .plain: break
        }
        if traits.contains(.header) { return .heading }
        if traits.contains(.link) { return .link }
        if traits.contains(.searchField) { return .entry }
        if traits.contains(.button) || traits.contains(.keyboardKey) { return .pushButton }
        if traits.contains(.adjustable) { return .slider }
        if traits.contains(.image) { return .image }
        if traits.contains(.tabBar) { return .pageTabList }
        return .label
    }
}
