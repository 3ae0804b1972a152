#if canImport(Glibc)
import Glibc
#endif

/// The speech tests' programs (issue 26 §3): the real speech-dispatcher with its generic module,
/// espeak-ng, and sox to measure the audio.
extension Prerequisite {
    /// The speech-dispatcher daemon (`speech-dispatcher`).
    public static let speechDispatcher = tool("speech-dispatcher", "/usr/bin/speech-dispatcher")
    /// speech-dispatcher's generic output module, which the private daemon runs espeak-ng through.
    public static let speechDispatcherGenericModule = Prerequisite(
        "sd_generic (speech-dispatcher's generic module)", remedy: setup, installedBySetup: true
    ) { access("/usr/lib/speech-dispatcher-modules/sd_generic", X_OK) == 0 }
    /// The espeak-ng command (`espeak-ng`) and its voice data.
    public static let espeakNG = tool("espeak-ng", "/usr/bin/espeak-ng")
    /// sox, whose `stat` effect measures the audio.
    public static let sox = tool("sox", "/usr/bin/sox")
}
