/// Localized strings and the app's language (UIKit apps use Foundation's `Bundle` and
/// `NSLocalizedString`; the core loads no Foundation, so this is its own namespace, and an app
/// that imports Foundation still gets Foundation's names unchanged).
///
/// Tables are Apple's `.strings` files (`StringsFile`) and `.stringsdict` plurals
/// (`StringsDictFile`, resolved by `string(_:table:arguments:comment:)` and `localized`) in `<language>.lproj` folders of a
/// directory the app names with `load(directory:)`: `ar.lproj/Localizable.strings`,
/// `Base.lproj/Localizable.strings`, …. The language comes from `LC_ALL`, `LC_MESSAGES` or `LANG`
/// (`ar_EG.UTF-8` is `ar-EG`), or `setLanguage(_:)`; a key is looked up in `ar-EG`, then `ar`,
/// then `Base`, then `developmentLanguage`, and is itself the answer when no table has it.
///
/// Switching language at run time (`setLanguage(_:)`) reloads the tables, posts
/// `languageDidChangeNotification` (apps set their strings again there, as UIKit apps do), and
/// lays out and redraws every window; a switch between left-to-right and right-to-left languages
/// flips leading and trailing everywhere.
@MainActor
public enum Localization {
    /// Posted on `NotificationCenter.default` after `setLanguage(_:)` changed the language (the
    /// role of Foundation's `NSLocale.currentLocaleDidChangeNotification`); the object is nil.
    public static let languageDidChangeNotification = Notification.Name("ResponderKit.Localization.languageDidChange")

    /// The language whose strings the app was written with, the last fallback ("en").
    public static var developmentLanguage = "en"

    /// The language in use, a BCP 47 tag (`ar-EG`, `he`, `en`): from the environment at first
    /// use (`preferredLanguage(environment:)`), else `developmentLanguage`.
    public static var language: String {
        if let chosen = state.language { return chosen }
        let chosen = preferredLanguage(environment: LocaleEnvironment.value) ?? developmentLanguage
        state.language = chosen
        return chosen
    }

    /// The direction of `language` (right to left for Arabic, Hebrew, Persian, Urdu, …): the
    /// direction of every scene that does not set its own (`WindowScene.traitCollection`).
    public static var layoutDirection: UserInterfaceLayoutDirection { direction(ofLanguage: language) }

    /// The directories `load(directory:)` added, searched in that order.
    public static var directories: [String] { state.directories }

    /// Adds `directory` (holding `<language>.lproj` folders) to the search and reads its tables
    /// for the current language now, so a bad file is reported here, naming its line.
    /// Loading a directory twice does nothing.
    /// - Throws: `StringsFileError` for a file that cannot be read or parsed.
    public static func load(directory: String) throws(StringsFileError) {
        guard !state.directories.contains(directory) else { return }
        let directories = state.directories + [directory]
        state.tables = try readTables(in: directories, chain: fallbackChain(for: language))
        state.directories = directories
    }

    /// Forgets every loaded directory and table and the chosen language, which is read from the
    /// environment again at next use (tests; a kiosk reloading its tables). Scenes stay known.
    public static func reset() {
        let scenes = state.scenes
        state = LocalizationState()
        state.scenes = scenes
    }

    /// Switches the app to `newLanguage` (a BCP 47 tag or a POSIX locale name such as
    /// `ar_EG.UTF-8`): reloads the tables, posts `languageDidChangeNotification`, then lays out
    /// and redraws every window of every scene and calls `traitCollectionDidChange(_:)` on every
    /// view and controller (a switch between directions resolves leading and trailing again).
    /// - Throws: `StringsFileError` when a table of the new language is bad; the language is
    ///   unchanged then.
    /// - Complexity: O(views in all windows) plus reading the tables.
    public static func setLanguage(_ newLanguage: String) throws(StringsFileError) {
        let tag = languageTag(fromLocaleName: newLanguage) ?? newLanguage
        let oldDirection = layoutDirection
        let tables = try readTables(in: state.directories, chain: fallbackChain(for: tag))
        state.language = tag
        state.tables = tables
        NotificationCenter.default.post(name: languageDidChangeNotification, object: nil)
        for scene in state.liveScenes() {
            let direction = scene.traitCollection.layoutDirection
            let previousDirection = direction.resolved(or: oldDirection)
            for window in scene.windows {
                if direction == .unspecified, previousDirection != layoutDirection { LayoutEngine.existing(of: window)?.rebuild() }
                let previous = TraitCollection(
                    userInterfaceStyle: window.effectiveUserInterfaceStyle, layoutDirection: TraitEnvironmentLayoutDirection(previousDirection))
                window.relayoutSubtreeForLanguageChange(previous: previous)
            }
        }
    }

    /// The string for `key` in `table` in the current language (see the type's lookup order);
    /// `key` itself when no table has it. `comment` is for translators, as in
    /// `NSLocalizedString`.
    /// - Complexity: O(languages in the fallback chain) dictionary look-ups.
    public static func string(_ key: String, table: String = "Localizable", comment: StaticString = "") -> String {
        _ = language
        guard let layers = state.tables[table] else { return key }
        for layer in layers {
            if let value = layer.strings[key] { return value }
        }
        return key
    }

    /// The string for `key` in `table` with `arguments` in its placeholders, what
    /// `String.localizedStringWithFormat(NSLocalizedString(key, comment:), arguments…)` gives a
    /// Foundation app: a `.stringsdict` entry for `key` picks each variable's plural form by
    /// its number in the rules of the language whose table has the entry (`PluralRules`; a
    /// `Base` table uses the current language's), before the `.strings` pair of the same
    /// language; otherwise the `.strings` value (or `key`) is formatted
    /// (`format(_:_:)`). An entry that cannot be resolved (its number missing or not a number)
    /// falls back to the `.strings` value or `key`, formatted, so nothing is lost on screen.
    /// - Complexity: O(languages in the fallback chain) look-ups plus the formatting.
    public static func string(
        _ key: String, table: String = "Localizable", arguments: [any CustomStringConvertible], comment: StaticString = ""
    ) -> String {
        let current = language
        for layer in state.tables[table] ?? [] {
            if let entry = layer.plurals[key] {
                let rulesLanguage = layer.language == "Base" ? current : layer.language
                if let resolved = entry.resolve(arguments: arguments, language: rulesLanguage, fallbackLanguage: developmentLanguage) {
                    return format(resolved, arguments)
                }
            }
            if let value = layer.strings[key] { return format(value, arguments) }
        }
        return format(key, arguments)
    }

    /// Records a scene, so a language switch reaches its windows.
    static func register(_ scene: WindowScene) {
        state.scenes.removeAll { $0.scene == nil }
        state.scenes.append(WeakScene(scene: scene))
    }

    static var state = LocalizationState()
}

/// What `Localization` holds: the language, the directories, the tables and the scenes.
@MainActor
struct LocalizationState {
    /// The chosen language; nil until first read from the environment.
    var language: String?
    var directories: [String] = []
    /// Per table name, the layers of the fallback chain, most specific first.
    var tables: [String: [LocalizationLayer]] = [:]
    var scenes: [WeakScene] = []

    func liveScenes() -> [WindowScene] { scenes.compactMap(\.scene) }
}

/// A scene held weakly.
@MainActor
struct WeakScene {
    weak var scene: WindowScene?
}
