import ResponderKit

/// A headless session: one command per line, `#` starts a comment. The host's verbs drive input
/// through the same `Application.handle` path the devices use; an app adds verbs of its own.
///
///     tap-at X Y                  a finger down and up at a window point
///     touch-down ID X Y           one finger (ID 0…9) down; touch-move ID X Y; touch-up ID
///     drag X1 Y1 X2 Y2 [SECONDS]  a finger from one point to another in 10 steps (default 0.2 s)
///     click-at X Y                a mouse click (primary button)
///     key NAME                    a key press and release: left, right, up, down, space, enter,
///                                 escape, tab, backspace, home, end, pageup, pagedown, or one character
///     type TEXT                   the rest of the line, typed on a US layout
///     wait SECONDS                advances the clock (timers fire; frames are drawn every 1/60 s,
///                                 so animations play as on a 60 Hz screen)
///     settle                      waits (as `wait`) until no animation runs, at most 60 s
///     snapshot NAME               writes the current frame as NAME.png in the output folder
///
/// Time moves only with `wait`, `settle` and `drag`: a tap, a key and a snapshot take no time.
/// So `snapshot` right after a tap that starts an animation writes the frame a screen would show
/// at that instant — the animation's first frame — exactly as a screenshot would; `settle` (or
/// a long enough `wait`) first gives the frame where the animations ended. The snapshot never
/// settles by itself, so a script can capture any frame of an animation (`wait 0.1` then
/// `snapshot`).
public struct HeadlessScript {
    /// One parsed script line: a host verb, or an app verb with its action.
    public enum Command {
        /// `tap-at X Y`: a finger down and up at a window point.
        case tapAt(Point)
        /// `touch-down ID X Y`: finger ID goes down at a window point (a multi-touch step).
        case touchDown(Int, Point)
        /// `touch-move ID X Y`: finger ID moves to a window point.
        case touchMove(Int, Point)
        /// `touch-up ID`: finger ID lifts.
        case touchUp(Int)
        /// `drag X1 Y1 X2 Y2 [SECONDS]`: a finger moved from one point to another in 10 steps.
        case drag(from: Point, to: Point, seconds: Double)
        /// `click-at X Y`: a primary-button mouse click.
        case clickAt(Point)
        /// `key NAME`: a key press and release.
        case key(String)
        /// `type TEXT`: the rest of the line, typed on a US layout.
        case type(String)
        /// `wait SECONDS`: advances the clock.
        case wait(Double)
        /// `settle`: waits until no animation runs, at most 60 s.
        case settle
        /// `snapshot NAME`: writes the current frame as NAME.png.
        case snapshot(String)
        /// An app's own verb, with the action its `ScriptVerb` parsed.
        case app(verb: String, action: @MainActor (ScriptPlayer) -> Void)
    }

    /// The commands in order, each with its line number in the script text.
    public var commands: [(line: Int, command: Command)] = []

    /// A one-line list of the host's verbs, printed by `--help` and in the unknown-command error.
    public static let usage =
        "commands: tap-at X Y | touch-down ID X Y | touch-move ID X Y | touch-up ID | drag X1 Y1 X2 Y2 [SECONDS] | click-at X Y | key NAME | type TEXT | wait SECONDS | settle | snapshot NAME"

    /// Parses `text`; `verbs` are the app's own commands. A bad line throws with its number.
    @MainActor
    public init(parsing text: String, verbs: [String: ScriptVerb] = [:]) throws(ScriptError) {
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            let line = String(rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard let verb = words.first else { continue }
            do {
                commands.append((number, try HeadlessScript.parse(verb: verb, words: words, line: line, verbs: verbs)))
            } catch {
                throw ScriptError(line: number, error.message)
            }
        }
    }

    @MainActor
    private static func parse(verb: String, words: [String], line: String, verbs: [String: ScriptVerb]) throws(ScriptError) -> Command {
        func number(_ i: Int, _ what: String) throws(ScriptError) -> Double {
            guard i < words.count else { throw ScriptError("\(verb): missing \(what)") }
            guard let v = Double(words[i]), v.isFinite, abs(v) <= 1e6 else { throw ScriptError("\(verb): \(what) must be a number, got '\(words[i])'") }
            return v
        }
        func finger(_ i: Int) throws(ScriptError) -> Int {
            let v = try number(i, "ID")
            guard v == v.rounded(), (0...9).contains(Int(v)) else { throw ScriptError("\(verb): ID must be a whole number in 0…9") }
            return Int(v)
        }
        func expect(_ count: Int, _ form: String) throws(ScriptError) {
            guard words.count == count else { throw ScriptError("\(verb): expected \(form)") }
        }
        switch verb {
        case "tap-at":
            try expect(3, "X Y")
            return .tapAt(Point(x: try number(1, "X"), y: try number(2, "Y")))
        case "touch-down":
            try expect(4, "ID X Y")
            return .touchDown(try finger(1), Point(x: try number(2, "X"), y: try number(3, "Y")))
        case "touch-move":
            try expect(4, "ID X Y")
            return .touchMove(try finger(1), Point(x: try number(2, "X"), y: try number(3, "Y")))
        case "touch-up":
            try expect(2, "ID")
            return .touchUp(try finger(1))
        case "drag":
            guard words.count == 5 || words.count == 6 else { throw ScriptError("drag: expected X1 Y1 X2 Y2 [SECONDS]") }
            let seconds = words.count == 6 ? try number(5, "SECONDS") : 0.2
            guard seconds > 0, seconds <= 60 else { throw ScriptError("drag: SECONDS must be in (0, 60]") }
            return .drag(
                from: Point(x: try number(1, "X1"), y: try number(2, "Y1")),
                to: Point(x: try number(3, "X2"), y: try number(4, "Y2")), seconds: seconds)
        case "click-at":
            try expect(3, "X Y")
            return .clickAt(Point(x: try number(1, "X"), y: try number(2, "Y")))
        case "key":
            try expect(2, "NAME")
            guard ScriptKeys.key(named: words[1]) != nil else { throw ScriptError("key: unknown key '\(words[1])' (\(ScriptKeys.names))") }
            return .key(words[1])
        case "type":
            // The rest of the line after the verb, spaces inside kept.
            let afterVerb = line.drop { $0 == " " || $0 == "\t" }.dropFirst(verb.count)
            let text = afterVerb.trimmingCharacters(in: " \t\r")
            guard !text.isEmpty else { throw ScriptError("type: expected TEXT") }
            return .type(text)
        case "wait":
            try expect(2, "SECONDS")
            let seconds = try number(1, "SECONDS")
            guard seconds >= 0, seconds <= 3600 else { throw ScriptError("wait: SECONDS must be in 0…3600") }
            return .wait(seconds)
        case "settle":
            try expect(1, "no arguments")
            return .settle
        case "snapshot":
            try expect(2, "NAME")
            let name = words[1]
            guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }), !name.hasPrefix(".") else {
                throw ScriptError("snapshot: NAME may hold letters, digits, '-', '_' and '.' only, got '\(name)'")
            }
            return .snapshot(name)
        default:
            guard let appVerb = verbs[verb] else {
                let own = verbs.keys.sorted().joined(separator: ", ")
                throw ScriptError("unknown command '\(verb)'; \(usage)\(own.isEmpty ? "" : "; the app adds: \(own)")")
            }
            return .app(verb: verb, action: try appVerb(Array(words.dropFirst())))
        }
    }
}

private extension String {
    func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s.removeFirst() }
        while let l = s.last, set.contains(l) { s.removeLast() }
        return String(s)
    }
}

private extension Substring {
    func trimmingCharacters(in set: String) -> String { String(self).trimmingCharacters(in: set) }
}
