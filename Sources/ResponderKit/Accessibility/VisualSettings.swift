/// The accessibility display settings of the kiosk (issue 26 §5): text size, bold text, high
/// contrast and reduced motion, as one value the host fills from its options
/// (`--text-size`, `--bold-text`, `--high-contrast`, `--reduce-motion`) and the app may change at
/// run time through `Accessibility.visualSettings` (or the UIKit-named accessors).
public struct VisualSettings: Hashable, Sendable {
    /// The text size preferred fonts are made at.
    public var contentSizeCategory: ContentSizeCategory = .large
    /// Bold text: preferred fonts are made heavier (`TraitCollection.legibilityWeight` is `.bold`).
    public var isBoldTextEnabled = false
    /// High contrast: the system colours resolve to their increased-contrast variants
    /// (`TraitCollection.accessibilityContrast` is `.high`).
    public var isHighContrastEnabled = false
    /// Reduced motion: animations of position, size and transform become short cross-fades.
    public var isReduceMotionEnabled = false

    /// The defaults: large text, regular weight, normal contrast, full motion.
    public init() {}

    /// The settings every thread may read (trait collections and colours are resolved off the
    /// main actor too); written only by `Accessibility.visualSettings`'s setter, on the main actor.
    nonisolated(unsafe) static var current = VisualSettings()
}
