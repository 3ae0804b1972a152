import EmulatedInput
import KioskLoop
import LibinputBackend
import ResponderKit
import ResponderKitTesting

/// Replays evemu recordings into an emulated device: each frame is due at its recorded offset
/// (divided by `speed`; gaps capped at `maxGap`), written by a `PacedFeeder` that lets libinput
/// drain the pty between chunks (so a fast replay never blocks or desynchronizes the pty), from
/// one timer that reschedules itself, so the loop sees SIGINT/SIGTERM between frames.
@MainActor
final class EvemuReplay {
    /// One frame at its due time, seconds after the replay starts.
    struct Step {
        let due: Double
        let events: [EvdevEvent]
    }

    let feeder: PacedFeeder
    private(set) var failure: String?
    /// What was written, for comparison with what libinput delivered.
    private(set) var tally: EvdevTally
    private var steps: [Step] = []
    private var next = 0
    private var start = 0.0

    init(feeder: PacedFeeder, spec: EvdevDeviceSpec) {
        self.feeder = feeder
        tally = EvdevTally(spec: spec)
    }

    /// Reads and parses the recordings (throws with file and line on bad input).
    static func load(_ paths: [String]) throws -> [(path: String, frames: [EvdevFrame])] {
        try paths.map { (path: $0, frames: try EvemuRecording.parse(TextFile.read($0), file: $0)) }
    }

    /// The replay's timeline and a warning for each gap that was capped and each place time went
    /// backwards (replayed back to back). With `speed` 0 every frame is due at once, in order.
    static func timeline(
        _ recordings: [(path: String, frames: [EvdevFrame])], speed: Double, maxGap: Double
    ) -> (steps: [Step], warnings: [String]) {
        var steps: [Step] = []
        var warnings: [String] = []
        var due = 0.0
        for (path, frames) in recordings {
            var previous: Double?
            for frame in frames {
                if let previous {
                    let gap = frame.time - previous
                    if gap < 0 {
                        warnings.append("\(path):\(frame.line): time goes back \(gap) s; the frame follows at once")
                    } else if speed > 0 {
                        let wait = gap / speed
                        if wait > maxGap || !wait.isFinite {
                            warnings.append("\(path):\(frame.line): a gap of \(gap) s at speed \(speed) waits \(maxGap) s (--max-gap)")
                            due += maxGap
                        } else {
                            due += wait
                        }
                    }
                }
                previous = frame.time
                steps.append(Step(due: due, events: frame.events))
            }
            due += speed > 0 ? 0.1 : 0
        }
        return (steps, warnings)
    }

    /// Starts the replay on `application`'s timers; `finished` runs once after the last frame
    /// plus time for libinput's debounce timers, or at the first failure.
    func start(_ steps: [Step], on application: Application, finished: @escaping @MainActor () -> Void) {
        self.steps = steps
        start = application.clock.now + 0.05
        schedule(on: application, finished: finished)
    }

    private func schedule(on application: Application, finished: @escaping @MainActor () -> Void) {
        guard failure == nil, next < steps.count else {
            application.timers.schedule(at: application.clock.now + 0.3) { _ in finished() }
            return
        }
        application.timers.schedule(at: max(application.clock.now, start + steps[next].due)) { [weak self] _ in
            guard let self else { return }
            // A bounded batch per wake-up: the loop reads signals between batches.
            let batchEnd = application.clock.now + 0.02
            while next < steps.count, start + steps[next].due <= application.clock.now, application.clock.now < batchEnd {
                do {
                    try feeder.write(steps[next].events)
                    tally.add(steps[next].events)
                } catch {
                    failure = "\(error)"
                    break
                }
                next += 1
            }
            schedule(on: application, finished: finished)
        }
    }
}
