#if canImport(Glibc)
import Glibc
#endif

/// The AT-SPI tests' programs (issue 26 §4): a private session bus, at-spi2-core's bus launcher
/// and registry, and pyatspi as the AT client.
extension Prerequisite {
    /// The D-Bus daemon (`dbus`), started as a private session bus.
    public static let dbusDaemon = tool("dbus-daemon", "/usr/bin/dbus-daemon")
    /// at-spi2-core's accessibility bus launcher, activated through `org.a11y.Bus`.
    public static let atspiBusLauncher = Prerequisite("at-spi-bus-launcher (at-spi2-core)", remedy: setup, installedBySetup: true) {
        access("/usr/libexec/at-spi-bus-launcher", X_OK) == 0
    }
    /// at-spi2-core's registry daemon, activated on the accessibility bus.
    public static let atspiRegistry = Prerequisite("at-spi2-registryd (at-spi2-core)", remedy: setup, installedBySetup: true) {
        access("/usr/libexec/at-spi2-registryd", X_OK) == 0
    }
    /// pyatspi for Debian's python3 (`python3-pyatspi`).
    public static let pyatspi = Prerequisite("pyatspi (python3-pyatspi)", remedy: setup, installedBySetup: true) {
        access("/usr/lib/python3/dist-packages/pyatspi/__init__.py", R_OK) == 0
    }
}
