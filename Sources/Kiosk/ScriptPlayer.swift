import Rendering
import ResponderKit
import ScriptedInput

#if canImport(Glibc)
import Glibc
#endif

/// Plays a `HeadlessScript` into a window through `InputDriver` (so through `Application.handle`,
/// on a manual clock), draws a frame after every step, writes snapshots, and prints one trace line
/// per step: the hit view and the responder chain the touch travelled (`ChainTrace`).
@MainActor
public final class ScriptPlayer {
    /// The window the script plays into.
    public let window: Window
    /// Turns the script's input commands into events for the window's application.
    public let driver: InputDriver
    /// Draws the window's frames.
    public let presenter: WindowPresenter
    /// The in-memory frame that snapshots are written from.
    public let output: HeadlessOutput
    /// The folder snapshots are written to.
    public let outputFolder: String
    /// PNG files written so far.
    public private(set) var writtenFiles: [String] = []
    /// The first failure (an unwritable folder, an app verb that could not act); the session
    /// stops there.
    public private(set) var failure: String?
    /// Whether `failure` is an app verb's (`fail(_:)`) rather than an output that could not be
    /// written: the host exits with a different status for each.
    public private(set) var failedInScriptCommand = false
    /// Where trace lines go (standard output by default).
    public var print: @MainActor (String) -> Void = { Swift.print($0) }

    private var chain: [String] = []
    private var currentLine = 0
    /// The host's session whose frames the script steps.
    private let session: KioskSession

    init(session: KioskSession, driver: InputDriver, output: HeadlessOutput, outputFolder: String) {
        self.session = session
        window = session.window
        presenter = session.presenter
        self.driver = driver
        self.output = output
        self.outputFolder = outputFolder
    }

    /// Runs every command in order; stops at the first failure. Returns whether it got through.
    public func play(_ script: HeadlessScript, describeStep: (@MainActor () -> String?)?) -> Bool {
        ChainTrace.observer = { [unowned self] step in
            switch step {
            case let .start(responder): chain = [responder.description]
            case let .forward(_, to): chain.append(to.description)
            }
        }
        defer { ChainTrace.observer = nil }
        drawFrame()
        for (line, command) in script.commands {
            currentLine = line
            perform(command, describeStep: describeStep)
            drawFrame()
            if failure != nil { return false }
        }
        return true
    }

    private func perform(_ command: HeadlessScript.Command, describeStep: (@MainActor () -> String?)?) {
        switch command {
        case let .tapAt(point): tap(at: point, label: "tap-at")
        case let .touchDown(id, point): touch("touch-down \(id)", at: point) { driver.touchDown(id, at: point, in: window) }
        case let .touchMove(id, point): driver.touchMove(id, to: point, in: window)
        case let .touchUp(id): touch("touch-up \(id)", at: nil) { driver.touchUp(id, in: window) }
        case let .drag(from, to, seconds): drag(from: from, to: to, seconds: seconds, label: "drag")
        case let .clickAt(point): click(at: point, label: "click-at")
        case let .key(name):
            guard let key = ScriptKeys.key(named: name) else { return }
            chain = []
            driver.type(key, in: window)
            report("key \(name)", hit: nil)
        case let .type(text):
            driver.type(text, in: window)
            report("type \"\(text)\"", hit: nil)
        case let .wait(seconds):
            // Frames are drawn along the way, as a frame clock would (every 1/60 s).
            var left = seconds
            while left > 0 {
                let step = min(left, ScriptPlayer.frameInterval)
                driver.advance(by: step)
                drawFrame()
                left -= step
            }
        case .settle:
            // Frames until the animator is idle and the screen reader has said what the last input
            // made it say (its tap's wait for a second tap, the hint after it): its timers are the
            // input's consequence, like an animation. Bounded, since a repeating animation never ends.
            let animator = window.application.animator
            let reader = window.application.screenReader
            var left = ScriptPlayer.settleLimit
            while (animator.isRunning || reader.hasPendingTimers) && left > 0 {
                driver.advance(by: ScriptPlayer.frameInterval)
                drawFrame()
                left -= ScriptPlayer.frameInterval
            }
        case let .snapshot(name): snapshot(name)
        case let .app(_, action): action(self)
        }
        if case .wait = command { return }
        if case .settle = command { return }
        if case .snapshot = command { return }
        if let extra = describeStep?() { print(extra.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")) }
    }

    /// The host's frame (`KioskSession.frame()`) — nothing drawn while the screen blanker has the
    /// screen dark (a blanked panel shows nothing, and an idle kiosk should not wake to draw).
    private func drawFrame() { session.frame() }

    /// Traces the screen blanker (`--blank-after`): "t=…ms blanked" when the idle timeout passes,
    /// "t=…ms woke" when input wakes it (that input is swallowed: its trace line says "nothing
    /// delivered").
    func screenBlankingChanged(_ blanked: Bool) {
        let time = String(Int((driver.now * 1000).rounded()))
        print("line \(currentLine) t=\(time)ms " + (blanked ? "blanked (no input for the --blank-after time)" : "woke; the waking input is swallowed"))
    }

    /// The frame clock of `wait` and `settle`: a 60 Hz screen.
    static let frameInterval = 1.0 / 60
    /// The longest `settle` (seconds).
    static let settleLimit = 60.0

    /// A finger down and up at `point` (window coordinates), traced; apps' verbs use it too.
    public func tap(at point: Point, label: String) {
        touch(label, at: point) { driver.tap(at: point, in: window) }
    }

    /// A finger pressed at `from`, moved in a straight line to `to` over `seconds` (a move per
    /// 60 Hz frame, at least ten, drawing each frame), then lifted there; traced; apps' verbs use
    /// it too (a quick one is a flick or a swipe, a slow one a drag that stops).
    public func drag(from: Point, to: Point, seconds: Double, label: String) {
        touch(label, at: from) {
            let id = 9
            let steps = max(10, Int((seconds * 60).rounded()))
            driver.touchDown(id, at: from, in: window)
            for step in 1...steps {
                driver.advance(by: seconds / Double(steps))
                let t = Double(step) / Double(steps)
                driver.touchMove(id, to: Point(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t), in: window)
                drawFrame()
            }
            driver.touchUp(id, in: window)
        }
    }

    /// A finger held still at `point` for `seconds` (frames drawn meanwhile), then lifted: a long
    /// press; traced.
    public func press(at point: Point, seconds: Double, label: String) {
        touch(label, at: point) {
            let id = 9
            driver.touchDown(id, at: point, in: window)
            var left = seconds
            while left > 0 {
                let step = min(left, ScriptPlayer.frameInterval)
                driver.advance(by: step)
                drawFrame()
                left -= step
            }
            driver.touchUp(id, in: window)
        }
    }

    /// Stops the session with `message` (an app verb that cannot act: what it names is not on
    /// screen, say). The host reports it and exits non-zero.
    public func fail(_ message: String) {
        if failure == nil {
            failure = "line \(currentLine): \(message)"
            failedInScriptCommand = true
        }
    }

    /// A mouse click (primary button) at `point`, traced; apps' verbs use it too.
    public func click(at point: Point, label: String) {
        touch(label, at: point) { driver.click(at: point, in: window) }
    }

    private func touch(_ label: String, at point: Point?, _ body: () -> Void) {
        let hit = point.flatMap { window.hitTest($0, with: nil) }
        chain = []
        body()
        report(label + (point.map { " at " + ScriptPlayer.short($0) } ?? ""), hit: point == nil ? nil : .some(hit))
    }

    private func report(_ what: String, hit: View??) {
        let time = String(Int((driver.now * 1000).rounded()))
        var line = "line \(currentLine) t=\(time)ms \(what)"
        if let hit { line += ": hit \(hit?.description ?? "nothing")" }
        line += "; chain " + (chain.isEmpty ? "(nothing delivered)" : chain.joined(separator: " > "))
        print(line)
    }

    /// "(458.7, 218.7)": a point rounded to a tenth for the trace.
    static func short(_ p: Point) -> String {
        func tenth(_ v: Double) -> String {
            let r = (v * 10).rounded() / 10
            return r == r.rounded() && abs(r) < 1e15 ? String(Int(r)) : String(r)
        }
        return "(\(tenth(p.x)), \(tenth(p.y)))"
    }

    /// Writes the current frame as `NAME.png` in the output folder and prints the path: what a
    /// screen shows at the script's current time, mid-animation included (see `HeadlessScript`).
    public func snapshot(_ name: String) {
        drawFrame()
        let path = outputFolder + "/" + name + ".png"
        do {
            try output.image().writePNG(to: path)
            writtenFiles.append(path)
            print("line \(currentLine): wrote \(path)")
        } catch {
            failure = "cannot write \(path): \(error)"
        }
    }
}
