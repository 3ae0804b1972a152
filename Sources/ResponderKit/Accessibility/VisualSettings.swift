import Synchronization

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
    /// Kept packed in one atomic word (``packed``), so a read is one relaxed load: no lock on the
    /// drawing path, and no exemption from the compiler's isolation checking.
    static var current: VisualSettings {
        get { VisualSettings(packed: storage.load(ordering: .relaxed)) }
        set { storage.store(newValue.packed, ordering: .relaxed) }
    }

    private static let storage = Atomic<UInt32>(VisualSettings().packed)

    /// The four settings in one word: the size category's raw value in the low byte, then one bit
    /// each for bold text, high contrast and reduced motion.
    private var packed: UInt32 {
        UInt32(contentSizeCategory.rawValue) | (isBoldTextEnabled ? 0x100 : 0) | (isHighContrastEnabled ? 0x200 : 0)
            | (isReduceMotionEnabled ? 0x400 : 0)
    }

    /// The settings `packed` holds (an unknown category, which no store writes, reads as `.large`).
    private init(packed: UInt32) {
        contentSizeCategory = ContentSizeCategory(rawValue: Int(packed & 0xff)) ?? .large
        isBoldTextEnabled = packed & 0x100 != 0
        isHighContrastEnabled = packed & 0x200 != 0
        isReduceMotionEnabled = packed & 0x400 != 0
    }
}
