/// Which keymap to build, as XKB "RMLVO" names (rules, model, layout, variant, options).
///
/// A nil field is filled by libxkbcommon from `XKB_DEFAULT_RULES` / `_MODEL` / `_LAYOUT` /
/// `_VARIANT` / `_OPTIONS`, then from its built-in defaults (evdev, pc105, us): an explicit
/// configuration wins over the environment, the environment over the defaults.
/// The corresponding C struct is `struct xkb_rule_names`.
public struct KeymapConfiguration: Hashable, Sendable, CustomStringConvertible {
    public var rules: String?
    public var model: String?
    public var layout: String?
    public var variant: String?
    public var options: String?

    public init(
        rules: String? = nil, model: String? = nil, layout: String? = nil,
        variant: String? = nil, options: String? = nil
    ) {
        self.rules = rules; self.model = model; self.layout = layout
        self.variant = variant; self.options = options
    }

    /// Everything from the environment (`XKB_DEFAULT_*`) or libxkbcommon's defaults.
    public static let environment = KeymapConfiguration()

    public var description: String {
        "rules=\(rules ?? "(default)") model=\(model ?? "(default)") layout=\(layout ?? "(default)") variant=\(variant ?? "") options=\(options ?? "")"
    }
}
