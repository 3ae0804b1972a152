import ChildProcesses
import EmulatedInput
import Prerequisites
import ResponderKitTesting
import Soak
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The soak (`Tools/Benchmarks/soak`, engine in Tests/Support/Soak): 10 fingers at 240 Hz through REAL
/// libinput (umockdev) into the puzzle, in the kiosk's main loop, drawn on a headless output. Each
/// test runs in its own preloaded child process (one testbed per process).
@Suite(.serialized, .requires(.umockdev))
@MainActor
struct SoakTests {
    static let suite = "SoakTests"

    /// Runs `body` in a child under umockdev's preload, with time for `seconds` of soak plus set-up and drain.
    static func inChild(_ test: String, seconds: Double, _ body: @MainActor () throws -> Void) throws {
        try Prerequisite.check([.umockdev])
        if Preload.isActive {
            try body()
            ChildTestRun.markRan(test)
            return
        }
        try ChildTestRun.run(suite: suite, test: test, environment: try Preload.environment(), timeout: seconds + 90)
    }

    /// Nothing lost, nothing doubled, nothing open: every frame written was handled as one touch
    /// frame, every finger that landed began once and lifted once, none was cancelled.
    static func expectNothingLostOrOpen(_ report: SoakReport) {
        #expect(report.failure == nil, "\(report.summary)")
        #expect(report.framesWritten == report.configuration.playedFrames + 1, "\(report.summary)")
        #expect(report.framesHandled == report.framesWritten, "\(report.summary)")
        #expect(report.downsRouted == report.downsWritten && report.upsRouted == report.upsWritten, "\(report.summary)")
        #expect(report.downsWritten == report.upsWritten && report.downsWritten > 0, "\(report.summary)")
        #expect(report.cancelsRouted == 0, "\(report.summary)")
        #expect(report.openTouches == 0 && !report.hasOpenInput, "\(report.summary)")
    }

    /// 30 s of 10 fingers at 240 Hz (7,201 frames, ~600 landings and lifts, the puzzle selecting,
    /// swapping and gliding tiles under them). Bounds, from the first window (set-up, glyph caches
    /// and libinput's touch state are warm by its end) to the end:
    /// - heap in use (malloc'ed, not freed) grows ≤ 128 KB: a leak of one smallest malloc chunk
    ///   (32 bytes) per frame would add 150 KB over the last 20 s, one object per landing far less —
    ///   so this catches per-frame leaks; slower ones are what the README's 30-minute run is for;
    /// - resident memory grows ≤ 2 MB: RSS moves by whole pages and with glibc's arena trimming, so
    ///   it is only the coarse check an operator sees;
    /// - the app's own cost does not grow: its thread's CPU time per frame handled (outside
    ///   drawing) and per frame drawn in the last window are at most 2× the first's (+0.5 ms a
    ///   drawn frame, whose cost depends on what the puzzle animates);
    /// - the last window's median latency is at most 2× the first's + 1 ms (run at nice −20 so
    ///   other work on the machine does not decide it), and its worst backlog at most 2× the
    ///   first's plus 24 frames (100 ms): a queue that grows shows as a backlog that climbs window
    ///   after window;
    /// - the last window's p99 latency stays under 50 ms (three frames of a 60 Hz display).
    ///
    /// The p99 is not compared window to window. On this VM, alone and idle, one window's p99 is
    /// 1.4–22 ms from run to run (nine windows of three runs; the app's CPU per frame stays within
    /// 0.7–1.4× of the first window's): 24 frames make a window's p99, and one stall of the machine
    /// of 20–50 ms delays that many. It caught the machine, not the app.
    ///
    /// The two latency bounds (median growth, p99) depend on the machine as well as the app: the
    /// emulated node's pty hands each write to a kernel worker at normal priority, which waits
    /// behind whatever else keeps the cores busy. Every other bound holds in every run; when only
    /// the latency bounds fail, the soak runs once more in a fresh child and the latency bounds
    /// must hold there (each window prints the machine's other work and stolen time to tell which).
    /// A slower app fails both runs: its CPU per frame, its backlog or its latency grows in each.
    /// One CI run (stop 19) had the app's CPU per frame within 1.0–1.4× of the first window while
    /// its median went 0.85 → 2.4 → 4.9 ms, the same climb as beside the parallel suite.
    ///
    /// It runs only in a test run of its own (`Tools/test.sh` runs it after the suite). Beside the
    /// parallel suite its windows measured the suite instead: the emulated node's pty hands each
    /// write to a kernel worker at normal priority, which waited behind the other tests' processes
    /// (a CI run's p50 went 1.0 → 2.8 → 5.2 ms over the three windows while the suite ran, against
    /// a flat 0.57–0.65 ms over six windows alone).
    @Test(
        .enabled(
            if: Prerequisite.uninstrumentedBuild.isPresent,
            "latency and memory under a sanitizer measure the sanitizer (shadow memory, 5–15× slower code); tenFingersForFiveSecondsLoseNothing runs there"),
        .enabled(if: geteuid() == 0, "runs at nice −20 so the machine's other work does not decide the latency figures: needs root"),
        .requires(.aRunOfItsOwn("tenFingersFor30SecondsStayFlat")))
    func tenFingersFor30SecondsStayFlat() throws {
        let test = "tenFingersFor30SecondsStayFlat"
        if Preload.isActive {
            try Self.thirtySecondSoak()
            ChildTestRun.markRan(test)
            return
        }
        try Prerequisite.check([.umockdev])
        let verdict = "\(P_tmpdir)/responderkit-soak-latency-\(getpid())"
        unlink(verdict)
        defer { unlink(verdict) }
        let environment = try Preload.environment()
        guard try ChildTestRun.run(suite: Self.suite, test: test, environment: environment + ["\(Self.latencyVerdictVariable)=\(verdict)"], timeout: 120)
        else { return }
        guard let first = try? TextFile.read(verdict) else { return }
        print("soak: only the latency bounds failed, with every other bound met; running it once more:\n\(first)")
        try ChildTestRun.run(suite: Self.suite, test: test, environment: environment, timeout: 120, label: " (its second run)")
    }

    /// Set for the first of the 30-second runs: the file its latency verdict goes to when only the
    /// latency bounds fail (the parent then runs the soak once more).
    static let latencyVerdictVariable = "RESPONDERKIT_SOAK_LATENCY_VERDICT"

    /// The 30-second soak and its bounds, in the preloaded child.
    static func thirtySecondSoak() throws {
        var configuration = SoakConfiguration(seconds: 30, fingers: 10, rate: 240, window: 10)
        configuration.raisePriority = true
        let report = try SoakRun(configuration: configuration).run()
        print(report.summary)
        Self.expectNothingLostOrOpen(report)
        try #require(report.windows.count == 3, "\(report.summary)")
        let first = report.windows[0], last = report.windows[2]
        let heapGrowth = report.memoryAtEnd.heapInUse - first.memory.heapInUse
        let residentGrowth = report.memoryAtEnd.resident - first.memory.resident
        #expect(heapGrowth <= 128 * 1024, "heap in use grew by \(heapGrowth) bytes after the first window\n\(report.summary)")
        #expect(residentGrowth <= 2 * 1024 * 1024, "resident memory grew by \(residentGrowth) bytes after the first window\n\(report.summary)")
        #expect(
            last.handlingCPU <= 2 * first.handlingCPU,
            "CPU per frame handled \(last.handlingCPU) µs in the last window against \(first.handlingCPU) µs in the first\n\(report.summary)")
        #expect(
            last.drawingCPU <= 2 * first.drawingCPU + 0.5,
            "CPU per frame drawn \(last.drawingCPU) ms in the last window against \(first.drawingCPU) ms in the first\n\(report.summary)")
        #expect(last.backlogMax <= 2 * first.backlogMax + 24, "backlog grew\n\(report.summary)")
        var latency: [String] = []
        if !(last.p50 <= 2 * first.p50 + 1) { latency.append("p50 \(last.p50) ms in the last window against \(first.p50) ms in the first") }
        if !(last.p99 < 50) { latency.append("p99 \(last.p99) ms in the last window") }
        guard !latency.isEmpty else { return }
        let message = latency.joined(separator: "; ") + "\n" + report.summary
        // The first run hands the latency verdict to the parent and passes on it alone: if any
        // other bound failed, the child fails and the parent does not run it again.
        if let path = getenv(latencyVerdictVariable).map({ String(cString: $0) }), (try? TextFile.write(message + "\n", to: path)) != nil {
            return
        }
        Issue.record(Comment(rawValue: message))
    }

    /// The short run, also under the sanitizers (the writer thread and the app share counters):
    /// 5 s of 10 fingers at 240 Hz, nothing lost, nothing open.
    @Test func tenFingersForFiveSecondsLoseNothing() throws {
        try Self.inChild("tenFingersForFiveSecondsLoseNothing", seconds: 5) {
            let report = try SoakRun(configuration: SoakConfiguration(seconds: 5, fingers: 10, rate: 240, window: 5)).run()
            Self.expectNothingLostOrOpen(report)
            #expect(report.windows.count == 1, "\(report.summary)")
        }
    }

    /// Bad settings are a clear error, before anything starts.
    @Test func badSettingsAreAClearError() throws {
        for (configuration, words) in [
            (SoakConfiguration(fingers: 11), "fingers"), (SoakConfiguration(rate: 0), "rate"),
            (SoakConfiguration(seconds: 5, window: 10), "window"), (SoakConfiguration(seconds: .nan), "duration")
        ] {
            #expect(configuration.problem?.contains(words) == true, "\(configuration.problem ?? "no problem")")
            #expect(throws: SoakFailure.self) { try SoakRun(configuration: configuration).run() }
        }
    }
}
