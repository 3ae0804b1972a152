import ResponderKit

/// One command of a headless script (the verbs are listed on `HeadlessScript`), generic over what
/// an app's own verb carries: its words after the pure parse step (`ScriptCommand<[String]>`, from
/// `parse(_:appVerbs:)`), the action its `ScriptVerb` made of them in a `HeadlessScript`
/// (`HeadlessScript.Command`). The parse step needs no window, app or renderer, so Tools/fuzz.sh
/// compiles it on its own.
public enum ScriptCommand<AppAction> {
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
    /// `settle`: waits until no animation runs and the screen reader waits on nothing (a tap's
    /// double-tap interval, a hint), at most 60 s.
    case settle
    /// `snapshot NAME`: writes the current frame as NAME.png.
    case snapshot(String)
    /// An app's own verb with what it carries (its words, or the action made of them).
    case app(verb: String, action: AppAction)

    /// A one-line list of the host's verbs (`HeadlessScript.usage`).
    public static var usage: String {
        "commands: tap-at X Y | touch-down ID X Y | touch-move ID X Y | touch-up ID | drag X1 Y1 X2 Y2 [SECONDS] | click-at X Y | key NAME | type TEXT | wait SECONDS | settle | snapshot NAME"
    }

    /// The same command with an app verb's payload replaced by `transform(verb, payload)`; the
    /// host's verbs pass through unchanged.
    public func mappingAppAction<Other, Failure: Error>(
        _ transform: (String, AppAction) throws(Failure) -> Other
    ) throws(Failure) -> ScriptCommand<Other> {
        switch self {
        case let .tapAt(p): return .tapAt(p)
        case let .touchDown(id, p): return .touchDown(id, p)
        case let .touchMove(id, p): return .touchMove(id, p)
        case let .touchUp(id): return .touchUp(id)
        case let .drag(from, to, seconds): return .drag(from: from, to: to, seconds: seconds)
        case let .clickAt(p): return .clickAt(p)
        case let .key(name): return .key(name)
        case let .type(text): return .type(text)
        case let .wait(seconds): return .wait(seconds)
        case .settle: return .settle
        case let .snapshot(name): return .snapshot(name)
        case let .app(verb, payload): return .app(verb: verb, action: try transform(verb, payload))
        }
    }
}

extension ScriptCommand where AppAction == [String] {
    /// The pure parse step of a headless script: one command per line, `#` starts a comment, an
    /// app verb (one of `appVerbs`) keeps its words after the verb. Each command goes to `take`
    /// with its line number as soon as its line is parsed, so the first bad line, or the first
    /// line `take` refuses, throws with its number; nothing is built or run here.
    /// - Complexity: O(length of `text`), plus `take`.
    static func parse(
        _ text: String, appVerbs: Set<String>, into take: (_ line: Int, _ command: Self) throws(ScriptError) -> Void
    ) throws(ScriptError) {
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            let line = String(rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard let verb = words.first else { continue }
            do {
                try take(number, try parse(verb: verb, words: words, line: line, appVerbs: appVerbs))
            } catch {
                throw ScriptError(line: number, error.message)
            }
        }
    }

    private static func parse(verb: String, words: [String], line: String, appVerbs: Set<String>) throws(ScriptError) -> Self {
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
            guard appVerbs.contains(verb) else {
                let own = appVerbs.sorted().joined(separator: ", ")
                throw ScriptError("unknown command '\(verb)'; \(usage)\(own.isEmpty ? "" : "; the app adds: \(own)")")
            }
            return .app(verb: verb, action: Array(words.dropFirst()))
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
