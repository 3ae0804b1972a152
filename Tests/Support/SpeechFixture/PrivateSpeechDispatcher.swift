import ChildProcesses
import HitTestFiles
import TestHelpers

#if canImport(Glibc)
import Glibc
#endif

/// A real speech-dispatcher of the tests' own: its configuration, socket, logs and audio in a
/// temporary folder, so nothing of the machine's (or the user's) speech setup is used or changed.
///
/// The daemon runs in the foreground (`speech-dispatcher -s -t 0`) with one output module:
/// speech-dispatcher's generic module (`sd_generic`) running espeak-ng for each message, which
/// appends the text it was given to `texts.log` and writes the audio as a WAV file under `audio/`
/// (`espeak-ng --stdout`, optionally through `audioFilter`, a command in the pipe that speechbench
/// uses to stamp the first sample), then waits as long as the audio lasts, as playing it would.
/// The daemon's own audio output is libao with libao's `null`
/// driver (`$HOME/.libao` in the folder): the generic module must open one, and no sound card or
/// sound server is needed.
public final class PrivateSpeechDispatcher {
    /// What went wrong starting it.
    public struct Failure: Error, CustomStringConvertible {
        /// The message, with the daemon's own output when it had any.
        public let description: String
    }

    /// The folder everything lives in.
    public let folder: String
    /// The daemon's Unix socket.
    public var socketPath: String { folder + "/speechd.sock" }
    private let daemon: Subprocess

    /// Writes the configuration and starts the daemon; returns when its socket exists.
    /// - Parameter audioFilter: a shell command inserted between espeak-ng's WAV output and the
    ///   file (it reads the audio on stdin and passes it on to stdout); `$utt` names the message
    ///   and `@FOLDER@` stands for ``folder``.
    public init(audioFilter: String? = nil) throws {
        let folder = try TemporaryFolder.make("speechd")
        self.folder = folder
        for sub in ["/conf", "/conf/modules", "/audio", "/log"] { mkdir(folder + sub, 0o700) }
        let filter = audioFilter.map { " | " + $0.replacing("@FOLDER@", with: folder) } ?? ""
        try TextFile.write(
            """
            CommunicationMethod "unix_socket"
            SocketPath "\(folder)/speechd.sock"
            LogLevel 3
            AudioOutputMethod "libao"
            DefaultModule "espeakfile"
            AddModule "espeakfile" "sd_generic" "espeakfile.conf"
            DefaultLanguage "en"
            DefaultRate 0
            DefaultVolume 100

            """, to: folder + "/conf/speechd.conf")
        // $DATA, $LANGUAGE, $RATE and $VOLUME are the generic module's; $utt is the shell's. Each
        // message gets a file named by its start time (ns), so the files sort in speaking order.
        // $DATA must occur once: sd_generic cuts the command at its first "$DATA" and puts the text
        // there, so a second one stays the literal word and espeak-ng would say "dollar DATA" (about
        // 0.95 s) instead of the message. So one printf feeds both the log (tee) and espeak-ng.
        // Then the message lasts as long as its audio (`sleep` for sox's length of the data; the
        // header espeak-ng streams says 0 s), as on a sound
        // card: espeak-ng writes a file 50 times faster than it is spoken, so without it a message
        // "ended" a few hundred milliseconds after it began and a test's interrupt raced its end
        // (a cancel, SIGKILL of the module's process group, stops the sleep at once).
        // The module passes rate and volume as -1…1 times the multiplier plus the addend: espeak-ng's
        // 75…275 words a minute and amplitude 0…200. It would cut a message at every delimiter
        // character (".?!;:" by default) into runs of its own: the one delimiter, U+0001, never
        // occurs in speech, so each message is one run, one text line and one file.
        try TextFile.write(
            """
            GenericExecuteSynth "utt=$(date +%s%N); printf '%s\\\\n' \\'$DATA\\' | tee -a '\(folder)/texts.log' | espeak-ng -v $LANGUAGE -s $RATE -a $VOLUME --stdin --stdout\(filter) > '\(folder)/audio/'$utt.wav; sleep $(sox '\(folder)/audio/'$utt.wav -n stat 2>&1 | awk '/^Length/ {print $3}')"
            GenericCmdDependency "espeak-ng"
            GenericRateAdd 175
            GenericRateMultiply 100
            GenericRateForceInteger 1
            GenericVolumeAdd 100
            GenericVolumeMultiply 100
            GenericVolumeForceInteger 1
            GenericDelimiters "\u{1}"
            GenericMaxChunkLength 100000
            GenericLanguage "en" "en-us" "utf-8"
            GenericLanguage "en-gb" "en-gb" "utf-8"
            GenericLanguage "de" "de" "utf-8"
            GenericLanguage "fr" "fr" "utf-8"
            AddVoice "en" "MALE1" "en-us"
            AddVoice "en-gb" "MALE1" "en-gb"
            AddVoice "de" "MALE1" "de"
            AddVoice "fr" "MALE1" "fr"

            """, to: folder + "/conf/modules/espeakfile.conf")
        try TextFile.write("default_driver=null\n", to: folder + "/.libao")
        daemon = try Subprocess(
            [
                "speech-dispatcher", "-s", "-t", "0", "-C", folder + "/conf", "-c", "unix_socket", "-S", folder + "/speechd.sock",
                "-L", folder + "/log", "-P", folder + "/speechd.pid", "-l", "3"
            ],
            environment: Subprocess.environment(["HOME=" + folder, "SPEECHD_ADDRESS="]), outputPath: folder + "/daemon.txt")
        for _ in 0..<200 {
            if access(folder + "/speechd.sock", F_OK) == 0 { return }
            if !daemon.isRunning { break }
            usleep(50_000)
        }
        let output = daemon.output
        daemon.kill()
        TemporaryFolder.remove(folder)
        throw Failure(description: "speech-dispatcher did not open \(folder)/speechd.sock within 10 s: \(output.suffix(2000))")
    }

    deinit {
        daemon.kill()
        TemporaryFolder.remove(folder)
    }

    /// The texts the module was given, one per message, in order.
    public var texts: [String] {
        let text = (try? TextFile.read(folder + "/texts.log")) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// The WAV files written, in speaking order (complete or cut short by a cancel).
    public var audioFiles: [String] {
        guard let dir = opendir(folder + "/audio") else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(".wav") { names.append(name) }
        }
        return names.sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }.map { folder + "/audio/" + $0 }
    }

    /// The WAV files once `count` exist and none has grown for 0.3 s (at most `timeout` seconds):
    /// speech-dispatcher may report a message's end before the module's espeak-ng has written
    /// the last of its audio.
    public func settledAudioFiles(count: Int, timeout: Double = 20) -> [String] {
        var sizes: [Int] = []
        var stableSince = 0.0
        var waited = 0.0
        while waited < timeout {
            let files = audioFiles
            let now = files.map { path -> Int in
                var info = stat()
                return stat(path, &info) == 0 ? Int(info.st_size) : -1
            }
            if files.count >= count, now == sizes {
                if waited - stableSince >= 0.3 { return files }
            } else {
                sizes = now
                stableSince = waited
            }
            usleep(50_000)
            waited += 0.05
        }
        return audioFiles
    }

    /// The daemon's and the module's logs, for a failure message.
    public var logs: String {
        let daemonLog = (try? TextFile.read(folder + "/log/speech-dispatcher.log")) ?? ""
        let moduleLog = (try? TextFile.read(folder + "/log/espeakfile.log")) ?? ""
        return String((daemon.output + daemonLog + moduleLog).suffix(3000))
    }
}
