import ChildProcesses
import HitTestFiles
import TestHelpers

/// espeak-ng's own synthesis of a text, outside any daemon: the length a message's audio must
/// have when the dispatcher's module passes it whole (the module runs the same espeak-ng with the
/// same voice, rate and amplitude).
public enum EspeakReference {
    /// The audio statistics of `espeak-ng -v voice -s rate -a amplitude --stdout text`, written to a
    /// file in a temporary folder and measured by sox.
    public static func statistics(of text: String, voice: String = "en-us", rate: Int = 175, amplitude: Int = 200) throws -> AudioStatistics {
        let folder = try TemporaryFolder.make("espeakref")
        defer { TemporaryFolder.remove(folder) }
        let path = folder + "/reference.wav"
        let result = try Subprocess.run(
            ["espeak-ng", "-v", voice, "-s", String(rate), "-a", String(amplitude), "-w", path, text], timeout: 30)
        guard result.status == 0 else {
            throw Subprocess.Failure("espeak-ng -w \(path) failed (\(result.status)): \(result.output.suffix(500))")
        }
        return try AudioStatistics(path: path)
    }
}
