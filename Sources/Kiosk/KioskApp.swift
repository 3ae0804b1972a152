import ResponderKit

/// What the host needs to know about an app: its name (window title, app id, output folder), how
/// to build its root view controller, and what a headless session plays when no script is given.
@MainActor
public struct KioskApp {
    /// The app's name: window title, app id and output folder name.
    public var name: String
    /// Builds the window's root view controller.
    public var makeRootViewController: @MainActor () -> ViewController
    /// The application delegate (nil: none).
    public var makeDelegate: (@MainActor () -> ApplicationDelegate)?
    /// The session the headless target plays when no script file is given.
    public var defaultScript: String
    /// Script verbs of the app's own (e.g. the puzzle's `board` and `tap COLUMN ROW`), made only
    /// when a headless session parses its script.
    public var scriptVerbs: @MainActor () -> [String: ScriptVerb] = { [:] }
    /// Called after every headless step with the step's trace line; what it returns is printed
    /// under it (the puzzle prints its board).
    public var describeStep: (@MainActor () -> String?)?
    /// The folder holding the app's `<language>.lproj/*.strings` tables (nil: none), which the
    /// host loads with `Localization.load(directory:)` before it builds the root view controller.
    public var localizationDirectory: String?

    /// An app called `name` whose headless session plays `defaultScript` when no script is given.
    public init(name: String, defaultScript: String = "", makeRootViewController: @escaping @MainActor () -> ViewController) {
        self.name = name
        self.defaultScript = defaultScript
        self.makeRootViewController = makeRootViewController
    }
}

/// An app's own script command: it parses its words (after the verb) once, at load time, into an
/// action run at play time, or throws a message that is reported with the line number.
public typealias ScriptVerb = @MainActor (_ words: [String]) throws(ScriptError) -> (@MainActor (ScriptPlayer) -> Void)
