import EmulatedInput
import LibinputBackend
import ResponderKit
import ResponderKitTesting

/// Replays evemu recordings into an emulated device: each frame is written on the core's timers at
/// its recorded offset (divided by `speed`), stamped with the current monotonic time, then
/// libinput is dispatched so the pty never fills.
@MainActor
final class EvemuReplay {
    let testbed: Testbed
    let device: Testbed.Device
    private(set) var failure: String?

    init(testbed: Testbed, device: Testbed.Device) {
        self.testbed = testbed
        self.device = device
    }

    /// Reads and parses the recordings (throws with file and line on bad input).
    static func load(_ paths: [String]) throws -> [[EvdevFrame]] {
        try paths.map { try EvemuRecording.parse(TextFile.read($0), file: $0) }
    }

    /// Schedules every frame, recording after recording; returns when the replay is over (the last
    /// frame plus time for libinput's debounce timers).
    func schedule(_ recordings: [[EvdevFrame]], speed: Double, on application: Application, source: LibinputSource) -> Double {
        var start = application.clock.now + 0.05
        for frames in recordings {
            guard let first = frames.first?.time else { continue }
            var due = start
            for frame in frames {
                due = speed > 0 ? start + (frame.time - first) / speed : due + 0.0005
                application.timers.schedule(at: due) { [weak self] _ in
                    guard let self, failure == nil else { return }
                    do { try testbed.write(frame.events, to: device) } catch { failure = "\(error)" }
                    source.dispatch()
                }
            }
            start = due + 0.1
        }
        return start + 0.2
    }
}
