import ResponderKit

/// The AT-SPI states the bridge reports (`AtspiStateType` in `atspi-constants.h`: the bit numbers
/// of `GetState`'s two words, and the names `StateChanged` events carry).
public enum ATSPIState: UInt32, CaseIterable, Sendable {
    /// `ATSPI_STATE_ACTIVE` (the frame of the running app)
    case active = 1
    /// `ATSPI_STATE_CHECKED`
    case checked = 4
    /// `ATSPI_STATE_EDITABLE`
    case editable = 7
    /// `ATSPI_STATE_ENABLED`
    case enabled = 8
    /// `ATSPI_STATE_FOCUSABLE`
    case focusable = 11
    /// `ATSPI_STATE_FOCUSED`
    case focused = 12
    /// `ATSPI_STATE_SELECTABLE`
    case selectable = 22
    /// `ATSPI_STATE_SELECTED`
    case selected = 23
    /// `ATSPI_STATE_SENSITIVE`
    case sensitive = 24
    /// `ATSPI_STATE_SHOWING`
    case showing = 25
    /// `ATSPI_STATE_SINGLE_LINE`
    case singleLine = 26
    /// `ATSPI_STATE_VISIBLE`
    case visible = 30
    /// `ATSPI_STATE_CHECKABLE`
    case checkable = 41

    /// The name in `object:state-changed:<name>` events (`atspi_state_type` nicks).
    public var name: String {
        switch self {
        case .active: "active"
        case .checked: "checked"
        case .editable: "editable"
        case .enabled: "enabled"
        case .focusable: "focusable"
        case .focused: "focused"
        case .selectable: "selectable"
        case .selected: "selected"
        case .sensitive: "sensitive"
        case .showing: "showing"
        case .singleLine: "single-line"
        case .visible: "visible"
        case .checkable: "checkable"
        }
    }
}

/// A set of AT-SPI states: `GetState`'s `au` of two 32-bit words, bit n of word n / 32.
public struct ATSPIStateSet: Equatable, Sendable {
    /// The states' bits.
    public private(set) var bits: UInt64 = 0

    /// An empty set.
    public init() {}

    /// A set holding `states`.
    public init(_ states: [ATSPIState]) { for state in states { insert(state) } }

    /// Adds `state`.
    public mutating func insert(_ state: ATSPIState) { bits |= 1 << UInt64(state.rawValue) }

    /// Whether it holds `state`.
    public func contains(_ state: ATSPIState) -> Bool { bits & (1 << UInt64(state.rawValue)) != 0 }

    /// The two words `GetState` returns (`au`).
    public var words: [UInt32] { [UInt32(truncatingIfNeeded: bits), UInt32(truncatingIfNeeded: bits >> 32)] }

    /// The states of an element with `traits` and `kind`, shown on screen: showing and visible;
    /// enabled and sensitive unless `notEnabled`; focusable when it can be operated (a button,
    /// link, key, adjustable or text element); focused when `isFocused`; selected (and
    /// selectable) with the `selected` trait; checkable and checked for a switch that `isOn`;
    /// editable and single-line for a text field.
    /// - Complexity: O(1).
    public static func of(traits: AccessibilityTraits, kind: ATSPIRole.ElementKind, isFocused: Bool, isOn: Bool) -> ATSPIStateSet {
        var set = ATSPIStateSet([.showing, .visible])
        if !traits.contains(.notEnabled) {
            set.insert(.enabled)
            set.insert(.sensitive)
        }
        let operable: AccessibilityTraits = [.button, .link, .keyboardKey, .adjustable, .searchField]
        if !traits.isDisjoint(with: operable) || kind != .plain { set.insert(.focusable) }
        if isFocused { set.insert(.focused) }
        if traits.contains(.selected) {
            set.insert(.selectable)
            set.insert(.selected)
        }
        if kind == .switchControl {
            set.insert(.checkable)
            if isOn { set.insert(.checked) }
        }
        if kind == .textField || kind == .secureTextField {
            set.insert(.editable)
            set.insert(.singleLine)
        }
        return set
    }

    /// The states that differ from `other`'s, each with whether it is now set.
    /// - Complexity: O(states the bridge knows).
    public func changes(from other: ATSPIStateSet) -> [(state: ATSPIState, isSet: Bool)] {
        guard bits != other.bits else { return [] }
        return ATSPIState.allCases.compactMap { state in
            contains(state) == other.contains(state) ? nil : (state, contains(state))
        }
    }
}
