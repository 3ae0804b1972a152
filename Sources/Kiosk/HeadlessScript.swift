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
    /// One parsed script line: a host verb, or an app verb with the action its `ScriptVerb` made.
    public typealias Command = ScriptCommand<@MainActor (ScriptPlayer) -> Void>

    /// The commands in order, each with its line number in the script text.
    public var commands: [(line: Int, command: Command)] = []

    /// A one-line list of the host's verbs, printed by `--help` and in the unknown-command error.
    public static let usage = ScriptCommand<[String]>.usage

    /// Parses `text`; `verbs` are the app's own commands. A bad line throws with its number.
    /// Each line is parsed (`ScriptCommand.parse`), then an app verb's `ScriptVerb` makes its action.
    @MainActor
    public init(parsing text: String, verbs: [String: ScriptVerb] = [:]) throws(ScriptError) {
        var commands: [(line: Int, command: Command)] = []
        try ScriptCommand<[String]>.parse(text, appVerbs: Set(verbs.keys)) { (number, parsed) throws(ScriptError) in
            let command = try parsed.mappingAppAction { (verb, words) throws(ScriptError) in
                guard let makeAction = verbs[verb] else { throw ScriptError("unknown command '\(verb)'") }
                return try makeAction(words)
            }
            commands.append((number, command))
        }
        self.commands = commands
    }
}
