import CCairo

#if canImport(Glibc)
import Glibc
#endif

/// The fontconfig configuration the renderer's font map uses. By default a small one of our own:
/// the system's and the user's font folders with their caches, and the generic families mapped to
/// DejaVu. It gives the same text on every machine (no distribution or user rule changes hinting,
/// substitution or weights) and starts fast — fontconfig's system configuration is ~40 XML files
/// parsed at start-up, a measurable part of a kiosk's first frame. Set `RK_FONTCONFIG=system` to
/// use the system's configuration instead (your aliases and rules apply then).
enum FontConfiguration {
    /// The environment variable that selects the system's configuration.
    static let environmentVariable = "RK_FONTCONFIG"

    static let minimal = """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig>
          <dir>/usr/share/fonts</dir>
          <dir>/usr/local/share/fonts</dir>
          <dir prefix="xdg">fonts</dir>
          <cachedir>/var/cache/fontconfig</cachedir>
          <cachedir prefix="xdg">fontconfig</cachedir>
          <alias><family>sans-serif</family><prefer><family>DejaVu Sans</family></prefer></alias>
          <alias><family>sans</family><prefer><family>DejaVu Sans</family></prefer></alias>
          <alias><family>serif</family><prefer><family>DejaVu Serif</family></prefer></alias>
          <alias><family>monospace</family><prefer><family>DejaVu Sans Mono</family></prefer></alias>
        </fontconfig>
        """

    /// Makes the minimal configuration the process's current one (`FcConfigCreate`,
    /// `FcConfigParseAndLoadFromMemory`, `FcConfigBuildFonts`, `FcConfigSetCurrent`) — before any
    /// font map exists, since creating one loads the current configuration — unless
    /// `RK_FONTCONFIG=system` or the configuration does not load, when fontconfig loads the
    /// system's as usual. Returns the configuration to give font maps, nil for the system's.
    static func makeCurrent() -> OpaquePointer? {
        if let choice = getenv(environmentVariable), String(cString: choice) == "system" { return nil }
        guard let config = FcConfigCreate() else { return nil }
        let loaded = minimal.withCString { text in
            text.withMemoryRebound(to: FcChar8.self, capacity: minimal.utf8.count + 1) {
                FcConfigParseAndLoadFromMemory(config, $0, FcTrue)
            }
        }
        guard loaded == FcTrue, FcConfigBuildFonts(config) == FcTrue, FcConfigSetCurrent(config) == FcTrue else {
            FcConfigDestroy(config)
            return nil
        }
        return config  // fontconfig holds it as the current configuration for the process's life
    }

    /// Gives `fontMap` the configuration `makeCurrent()` made (`pango_fc_font_map_set_config`).
    static func apply(_ config: OpaquePointer?, to fontMap: UnsafeMutablePointer<PangoFontMap>) {
        guard let config else { return }
        pango_fc_font_map_set_config(ccairo_fc_font_map(fontMap), config)
    }
}
