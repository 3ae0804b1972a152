import HitTestFiles
import KioskLoop
import ResponderKit

#if canImport(Glibc)
import Glibc
#endif

/// "Benchmark your own app": keeps the live window's touch downs (`HitPointRecorder`) and writes
/// the window as `FOLDER/APP-N.vtree`, `.points` and `.hits` (`HitTestDump`) for `hitbench`, on
/// `SIGUSR1`, on Ctrl+Alt+Shift+D, or when asked (`dump()`). The host makes one for
/// `--hit-dump FOLDER`.
@MainActor
public final class HitTestDumper {
    /// The live window whose touch downs are recorded and which is dumped.
    public let window: Window
    /// The folder the dump files are written to.
    public let folder: String
    /// The app name that starts every dump file's name (`APP-N`).
    public let appName: String
    /// Keeps the window's touch downs as benchmark points.
    public let recorder: HitPointRecorder
    /// Dumps written so far (numbering the files).
    public private(set) var dumps = 0

    /// Starts recording `window`'s touch downs and watches for the key command.
    public init(window: Window, folder: String, appName: String) {
        self.window = window
        self.folder = folder
        self.appName = appName
        recorder = HitPointRecorder(window: window)
        window.application.addInputObserver { [weak self] event in
            guard let self, case let .key(key, true, false) = event.kind, key.keyCode == 32,
                key.modifierFlags.isSuperset(of: [.control, .alternate, .shift])
            else { return }
            self.report(self.dump())
        }
    }

    /// Writes the dump; returns the files written or a message saying why it could not (the
    /// folder, a full disk, no touches yet). Nothing is left half-written under the final names:
    /// each file is written as `.part` and renamed.
    public func dump() -> Result<[String], ScriptError> {
        let points = recorder.points
        guard !points.isEmpty else {
            return .failure(ScriptError("no touch has gone down in the window yet: touch it (or replay a recording) before dumping"))
        }
        if let problem = OutputFolder.prepare(folder) { return .failure(ScriptError(problem)) }
        let capture = HitTestDump(window: window, points: points)
        let base = folder + "/" + appName + "-" + String(dumps + 1)
        var written: [String] = []
        for (suffix, text) in [(".vtree", capture.vtree), (".points", capture.pointsText), (".hits", capture.hitsText)] {
            let path = base + suffix
            do {
                try TextFile.write(text, to: path + ".part")
                guard rename(path + ".part", path) == 0 else {
                    throw ScriptError("cannot rename \(path).part: \(String(cString: strerror(errno)))")
                }
            } catch {
                unlink(path + ".part")
                return .failure(ScriptError("hit dump: \(error)"))
            }
            written.append(path)
        }
        dumps += 1
        print(
            "\(appName): wrote \(capture.nodes.count) views (\(capture.customViews) with custom hit testing) and \(points.count) points to \(base).*; time them with: hitbench \(base).vtree \(base).points \(base).hits"
        )
        fflush(nil)
        return .success(written)
    }

    /// Dumps whenever `SIGUSR1` arrives while `loop` runs (the loop's signal pipe,
    /// `MainLoop.addSignalHandler`).
    func attach(to loop: MainLoop) throws {
        do {
            try loop.addSignalHandler(SIGUSR1) { [weak self] in
                guard let self else { return }
                self.report(self.dump())
            }
        } catch {
            throw ScriptError("--hit-dump: \(error)")
        }
    }

    func report(_ result: Result<[String], ScriptError>) {
        if case let .failure(error) = result { warn("\(appName): \(error)") }
    }
}
