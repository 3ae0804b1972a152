import Prerequisites
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// input-trace replays that used to hang or lose input (issue 28): taps 1 ms apart replayed back
/// to back (`--speed 0`), one frame of 1,000 events, a real recording at full speed, and a
/// description that does not match its events. The writer never blocks on the emulated pty, the
/// loop keeps draining libinput, and what was written is compared with what was delivered.
@Suite(.serialized, .requires(.umockdev))
struct InputTraceReplayTests {
    let devices = UmockdevProcess.testsFolder + "Devices/"

    init() throws { try Prerequisite.check([.umockdev]) }

    /// `count` one-finger taps on touchscreen.desc, 1 ms between frames.
    static func taps(_ count: Int) -> String {
        var lines = ["# EVEMU 1.3"]
        var time = 0.0
        for tap in 0..<count {
            let stamp = "\(time)"
            lines += [
                "E: \(stamp) 0003 0039 \(tap + 1)", "E: \(stamp) 0003 0035 \(100 + tap)", "E: \(stamp) 0003 0036 200",
                "E: \(stamp) 0001 014a 1", "E: \(stamp) 0000 0000 0"
            ]
            time += 0.001
            lines += ["E: \(time) 0003 0039 -1", "E: \(time) 0001 014a 0", "E: \(time) 0000 0000 0"]
            time += 0.001
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes `text` to a fresh file in a temporary folder and returns its path.
    static func temporaryFile(_ name: String, _ text: String) throws -> String {
        var template = Array("/tmp/input-trace-replay-XXXXXX".utf8CString)
        guard let folder = mkdtemp(&template) else { throw Failure(description: "mkdtemp failed") }
        let path = String(cString: folder) + "/" + name
        guard let file = fopen(path, "we") else { throw Failure(description: "cannot write \(path)") }
        fputs(text, file)
        fclose(file)
        return path
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    @Test(arguments: [200, 400])
    func tapsOneMillisecondApartReplayBackToBackWithoutLoss(count: Int) throws {
        let events = try Self.temporaryFile("taps.events", Self.taps(count))
        let result = try ToolProcess.run("input-trace", ["--evemu", devices + "touchscreen.desc", events, "--speed", "0"])
        #expect(result.status == 0, "\(result.output.suffix(2000))")
        #expect(result.output.contains("touches: \(count) down, 0 motion, \(count) up, 0 cancelled"), "\(result.output.suffix(2000))")
    }

    @Test func oneFrameOfAThousandEventsIsDelivered() throws {
        var lines = ["E: 0.0 0003 0039 1", "E: 0.0 0001 014a 1"]
        for x in 0..<997 { lines.append("E: 0.0 0003 0035 \(x)") }
        lines += ["E: 0.0 0000 0000 0", "E: 0.01 0003 0039 -1", "E: 0.01 0001 014a 0", "E: 0.01 0000 0000 0"]
        let events = try Self.temporaryFile("big-frame.events", lines.joined(separator: "\n") + "\n")
        for speed in ["0", "1"] {
            let result = try ToolProcess.run("input-trace", ["--evemu", devices + "touchscreen.desc", events, "--speed", speed])
            #expect(result.status == 0, "\(result.output.suffix(2000))")
            #expect(result.output.contains("touches: 1 down, 0 motion, 1 up, 0 cancelled"), "\(result.output.suffix(2000))")
        }
    }

    @Test(.requires([.file(UmockdevProcess.recordingsFolder + "touchscreens/QUANTA OpticalTouchScreen.desc", name: "../shared/recordings (QUANTA)")]))
    func quantaRecordingReplaysBackToBackEveryTime() throws {
        let base = UmockdevProcess.recordingsFolder + "touchscreens/QUANTA OpticalTouchScreen"
        for _ in 0..<3 {
            let result = try ToolProcess.run("input-trace", ["--evemu", base + ".desc", base + ".events", "--speed", "0"])
            #expect(result.status == 0, "\(result.output.suffix(2000))")
            #expect(result.output.contains("touches: 9 down, 720 motion, 9 up, 0 cancelled"), "\(result.output.suffix(2000))")
        }
    }

    @Test func aDescriptionThatDoesNotMatchItsEventsIsAnError() throws {
        let result = try ToolProcess.run("input-trace", ["--evemu", devices + "keyboard.desc", devices + "touchscreen-two-taps.events", "--speed", "0"])
        #expect(result.status == 3, "\(result.output)")
        #expect(result.output.contains("the replay lost input"), "\(result.output)")
    }

    @Test func longAndBackwardGapsAreCappedWithAWarning() throws {
        let text = """
            E: 5.0 0003 0039 1
            E: 5.0 0001 014a 1
            E: 5.0 0000 0000 0
            E: 1e300 0003 0039 -1
            E: 1e300 0001 014a 0
            E: 1e300 0000 0000 0
            E: 1.0 0003 0039 2
            E: 1.0 0001 014a 1
            E: 1.0 0000 0000 0
            E: 1.0 0003 0039 -1
            E: 1.0 0001 014a 0
            E: 1.0 0000 0000 0

            """
        let events = try Self.temporaryFile("gaps.events", text)
        let result = try ToolProcess.run("input-trace", ["--evemu", devices + "touchscreen.desc", events, "--max-gap", "0.2"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("gaps.events:4: a gap of"), "\(result.output)")
        #expect(result.output.contains("gaps.events:7: time goes back"), "\(result.output)")
        #expect(result.output.contains("touches: 2 down, 0 motion, 2 up"), "\(result.output)")
        let tiny = try ToolProcess.run("input-trace", ["--evemu", devices + "touchscreen.desc", events, "--speed", "1e-300", "--max-gap", "0.2"])
        #expect(tiny.status == 0 && tiny.output.contains("waits 0.2 s"), "\(tiny.output)")
    }

    @Test func sigtermStopsAReplayWaitingOnAGap() throws {
        let events = try Self.temporaryFile("gap.events", "E: 0.0 0003 0039 1\nE: 0.0 0000 0000 0\nE: 100.0 0003 0039 -1\nE: 100.0 0000 0000 0\n")
        let result = try ToolProcess.run(
            "input-trace", ["--evemu", devices + "touchscreen.desc", events, "--max-gap", "60"], signal: SIGTERM, signalAfter: 1.5)
        #expect(result.status == 128 + SIGTERM, "\(result.output)")
        #expect(result.output.contains("stopped by signal 15 after 1 of 2 frames"), "\(result.output)")
    }
}

/// The summary counts what the core routed (issue 28): on an axis of −2³¹…2³¹−1 libinput reports
/// non-finite points, which the core drops; they are reported as dropped, not as downs.
@Suite(.serialized, .requires(.umockdev))
struct InputTraceNonFiniteTests {
    init() throws { try Prerequisite.check([.umockdev]) }

    @Test func pointsTheCoreDropsAreNotCountedAsDelivered() throws {
        let devices = UmockdevProcess.testsFolder + "Devices/"
        var lines = try UmockdevProcess.readText(devices + "touchscreen.desc").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, line) in lines.enumerated() where line.hasPrefix("A: 00 ") || line.hasPrefix("A: 35 ") {
            lines[index] = String(line.prefix(6)) + "-2147483648 2147483647 0 0 16"
        }
        let description = try InputTraceReplayTests.temporaryFile("wide.desc", lines.joined(separator: "\n"))
        let result = try ToolProcess.run("input-trace", ["--evemu", description, devices + "touchscreen-two-taps.events", "--speed", "0"])
        #expect(result.status == 0, "\(result.output.suffix(2000))")
        #expect(
            result.output.contains("touches: 0 down, 0 motion, 0 up, 0 cancelled; keys: 0; buttons: 0; dropped at a non-finite location: 2 down, 1 motion"),
            "\(result.output.suffix(2000))")
    }
}
