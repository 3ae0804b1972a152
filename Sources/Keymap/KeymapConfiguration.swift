/// Which keymap to build, as XKB "RMLVO" names (rules, model, layout, variant, options).
///
/// A nil field is filled by libxkbcommon from `XKB_DEFAULT_RULES` / `_MODEL` / `_LAYOUT` /
/// `_VARIANT` / `_OPTIONS`, then from its built-in defaults (evdev, pc105, us): an explicit
/// configuration wins over the environment, the environment over the defaults.
/// The corresponding C struct is `struct xkb_rule_names`.
public struct KeymapConfiguration: Hashable, Sendable, CustomStringConvertible {
    /// The XKB rules file (`evdev` by default); nil: from the environment.
    public var rules: String?
    /// The keyboard model (e.g. `pc105`); nil: from the environment.
    public var model: String?
    /// The layouts, comma-separated (e.g. `us` or `de,us`); nil: from the environment.
    public var layout: String?
    /// The layout variants, one per layout (e.g. `nodeadkeys`); nil: from the environment.
    public var variant: String?
    /// XKB options, comma-separated (e.g. `ctrl:nocaps`); nil: from the environment.
    public var options: String?

    /// A configuration with the given names; each nil one comes from the environment or the defaults.
    public init(
        rules: String? = nil, model: String? = nil, layout: String? = nil,
        variant: String? = nil, options: String? = nil
    ) {
        self.rules = rules; self.model = model; self.layout = layout
        self.variant = variant; self.options = options
    }

    /// Everything from the environment (`XKB_DEFAULT_*`) or libxkbcommon's defaults.
    public static let environment = KeymapConfiguration()

    /// The five names on one line, `(default)` or empty where a field is nil.
    public var description: String {
        "rules=\(rules ?? "(default)") model=\(model ?? "(default)") layout=\(layout ?? "(default)") variant=\(variant ?? "") options=\(options ?? "")"
    }
}
