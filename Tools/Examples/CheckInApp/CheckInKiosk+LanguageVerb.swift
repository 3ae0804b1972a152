import Kiosk
import ResponderKit

extension CheckInKiosk {
    /// `language TAG` in a headless script: switches the app's language while the screen shows
    /// (`Localization.setLanguage(_:)`), as a traveller's language button would, so a session can
    /// show the same screen in English, then Arabic. A tag that is not a language is refused when
    /// the script is read; a bad table fails the session, naming its file and line.
    static func languageVerbs() -> [String: ScriptVerb] {
        [
            "language": { words throws(ScriptError) in
                guard words.count == 1, Localization.languageTag(fromLocaleName: words[0]) != nil else {
                    throw ScriptError("language needs one language tag, e.g. ar, he or en")
                }
                let language = words[0]
                return { player in
                    do {
                        try Localization.setLanguage(language)
                    } catch {
                        player.fail("cannot switch to \(language): \(error)")
                    }
                }
            }
        ]
    }
}
