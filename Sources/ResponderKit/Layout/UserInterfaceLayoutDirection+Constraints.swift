// Kept apart from the direction types so they stay free of the layout engine (Tools/fuzz.sh builds
// the trait collection, and so these types, into its small core module).
extension UserInterfaceLayoutDirection {
    /// `leading`/`trailing` as `left`/`right` in this direction; other attributes unchanged.
    /// The single place the layout engine turns a direction into an edge.
    func resolve(_ attribute: LayoutConstraint.Attribute) -> LayoutConstraint.Attribute {
        switch (attribute, self) {
        case (.leading, .leftToRight), (.trailing, .rightToLeft): return .left
        case (.trailing, .leftToRight), (.leading, .rightToLeft): return .right
        default: return attribute
        }
    }
}
