import Prerequisites
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The input-trace tool end to end: an evemu replay through real libinput under umockdev (it
/// re-runs itself with the preload), hit views and chains from a tree file, the summary line,
/// clear failures for bad input, and a clean stop on SIGTERM.
@Suite(.serialized, .requires(.umockdev))
struct InputTraceTests {
    let devices = UmockdevProcess.testsFolder + "Devices/"

    /// input-trace --evemu re-runs itself under umockdev's preload.
    init() throws { try Prerequisite.check([.umockdev]) }

    @Test func replaysARecordingWithHitViewsAndChains() throws {
        let result = try ToolProcess.run(
            "input-trace",
            [
                "--evemu", devices + "touchscreen.desc", devices + "touchscreen-two-taps.events",
                "--tree", devices + "two-halves.vtree", "--latency"
            ])
        #expect(result.status == 0, "\(result.output)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("touch-down slot 0 (195.3, 234.4)") })
        #expect(lines.contains { $0.contains("touch-frame  hit View#1 chain View#1 > View#0 > Window > WindowScene > Application") })
        #expect(lines.contains { $0.contains("hit View#2 chain View#2 > View#0 > Window") })
        #expect(lines.contains("touches: 2 down, 1 motion, 2 up, 0 cancelled; keys: 0; buttons: 0"), "\(result.output)")
        #expect(lines.contains { $0.hasPrefix("latency (kernel event time → routed)") })
    }

    @Test func badInputIsAClearErrorNeverACrash() throws {
        let missing = try ToolProcess.run("input-trace", ["--device", "/dev/input/event-none"])
        #expect(missing.status == 1 && missing.output.contains("no such device: /dev/input/event-none"), "\(missing.output)")
        let layout = try ToolProcess.run(
            "input-trace", ["--evemu", devices + "touchscreen.desc", devices + "touchscreen-two-taps.events", "--layout", "no-such-layout"])
        #expect(layout.status == 1 && layout.output.contains("no XKB keymap"), "\(layout.output)")
        let recording = try ToolProcess.run("input-trace", ["--evemu", devices + "touchscreen.desc", devices + "no-such.events"])
        #expect(recording.status == 1 && recording.output.contains("no-such.events"), "\(recording.output)")
        let notEvemu = try ToolProcess.run("input-trace", ["--evemu", devices + "two-halves.vtree"])
        #expect(notEvemu.status == 1 && notEvemu.output.contains("not an evemu description"), "\(notEvemu.output)")
        let usage = try ToolProcess.run("input-trace", ["--rotation", "45"])
        #expect(usage.status == 2 && usage.output.contains("--rotation must be 0, 90, 180 or 270"), "\(usage.output)")
    }

    @Test func sigtermStopsALiveTraceCleanly() throws {
        // A seat with no devices here: it waits for hotplug until the signal.
        let result = try ToolProcess.run("input-trace", ["--udev", "seat0"], signal: SIGTERM)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("stopped by signal 15"))
        #expect(result.output.contains("touches: 0 down"))
    }
}
