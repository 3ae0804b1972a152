#if canImport(Glibc)
import Glibc
#endif

extension Prerequisite {
    /// Debian's `python3-kiwisolver` (an independent Cassowary implementation) for Debian's
    /// python3: the Auto Layout solver's agreement test runs it on random constraint systems.
    public static let kiwisolver = Prerequisite(
        "python3-kiwisolver", remedy: "Tools/setup.sh installs it (apt-get install python3-kiwisolver)",
        installedBySetup: true
    ) {
        access("/usr/bin/python3", X_OK) == 0 && access("/usr/lib/python3/dist-packages/kiwisolver/__init__.py", R_OK) == 0
    }
}
