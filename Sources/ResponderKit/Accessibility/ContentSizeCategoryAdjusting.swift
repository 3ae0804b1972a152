/// A view whose font follows the text size (UIKit's `UIContentSizeCategoryAdjusting`): `Label` and
/// `TextField` (and so a button's `titleLabel`).
@MainActor
public protocol ContentSizeCategoryAdjusting: AnyObject {
    /// Whether a preferred font (`Font.preferredFont(forTextStyle:)`) is remade at the new size
    /// when the text size or bold text changes. Off by default, as in UIKit.
    var adjustsFontForContentSizeCategory: Bool { get set }
}

extension ContentSizeCategoryAdjusting where Self: View {
    /// The views' shared storage: the weak registry a settings change walks (turning it on
    /// adjusts the font at once; fonts without a text style are left alone).
    public var adjustsFontForContentSizeCategory: Bool {
        get { DynamicTypeRegistry.contains(self) }
        set { DynamicTypeRegistry.set(self, newValue) }
    }
}

/// The views with `adjustsFontForContentSizeCategory` on, weakly held: the property's storage (so
/// `Label` and `TextField` need no stored property for it) and the list a settings change walks.
@MainActor
enum DynamicTypeRegistry {
    private final class Entry {
        weak var view: View?
        init(_ view: View) { self.view = view }
    }

    private static var entries: [ObjectIdentifier: Entry] = [:]

    /// Whether `view` adjusts its font.
    /// - Complexity: O(1).
    static func contains(_ view: View) -> Bool { entries[ObjectIdentifier(view)]?.view === view }

    /// Turns adjusting on or off for `view`; turning it on adjusts the font now, the one shared
    /// setter of `Label` and `TextField`'s `adjustsFontForContentSizeCategory`.
    static func set(_ view: View, _ adjusts: Bool) {
        let key = ObjectIdentifier(view)
        if adjusts {
            if entries.count > 64, entries.count.isMultiple(of: 64) { entries = entries.filter { $0.value.view != nil } }
            entries[key] = Entry(view)
            adjustFont(of: view)
        } else if entries[key]?.view === view {
            entries[key] = nil
        }
    }

    /// Remakes the preferred fonts of every adjusting view at the current settings.
    /// - Complexity: O(adjusting views).
    static func adjustFonts() {
        entries = entries.filter { $0.value.view != nil }
        for entry in entries.values {
            if let view = entry.view { adjustFont(of: view) }
        }
    }

    /// Remakes `view`'s preferred font at the current settings (labels and text fields).
    private static func adjustFont(of view: View) {
        switch view {
        case let label as Label: label.adjustFontToCurrentSettings()
        case let field as TextField: field.adjustFontToCurrentSettings()
        default: break
        }
    }
}
