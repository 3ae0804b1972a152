import ResponderKit

/// The entry point of the Cairo/Pango renderer: installs the services the core needs from C
/// libraries. Every host target and test calls `Rendering.install()` once before laying out or
/// drawing text, so `sizeThatFits` measures with the same Pango layouts the renderer draws.
@MainActor
public enum Rendering {
    /// Makes `PangoTextEngine.shared` the core's `Drawing.textEngine` and `CairoImageDecoder.shared`
    /// its `Drawing.imageDecoder`, and tells the core which font families exist
    /// (`Font.installFamilyNames(_:)`, so `Font(name:size:)` answers nil for a missing one, as in
    /// UIKit). Idempotent: calling it again changes nothing.
    /// - Complexity: O(1) after the first call (the first loads fontconfig's font list).
    public static func install() {
        if Drawing.textEngine !== PangoTextEngine.shared { Drawing.textEngine = PangoTextEngine.shared }
        if Drawing.imageDecoder !== CairoImageDecoder.shared { Drawing.imageDecoder = CairoImageDecoder.shared }
        if Font.familyNames.isEmpty { Font.installFamilyNames(PangoTextEngine.shared.familyNames) }
    }

    /// Whether `install()` is in effect.
    public static var isInstalled: Bool {
        Drawing.textEngine === PangoTextEngine.shared && Drawing.imageDecoder === CairoImageDecoder.shared
    }
}
