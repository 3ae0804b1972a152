import Foundation
import ResponderKitTesting
import Testing

@testable import ResponderKit

/// Localized strings (issue 24 §5): the language from the locale variables, the fallback chain,
/// tables read from `<language>.lproj` folders, placeholders, a bad table reported by file and
/// line — and switching language at run time through `InputDriver`: the strings change, the
/// layout flips to right to left, and a tap meets the mirrored button.
/// Tests that change the process's language put it back (`Localization.reset()`) before they
/// return, with nothing suspended in between, so no other test sees it.
@MainActor
@Suite("Localization")
struct LocalizationTests {
    /// A fresh folder with `tables` (language → file text) as `<language>.lproj/Localizable.strings`.
    func tableFolder(_ tables: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rk-localization-\(UInt64.random(in: 0...UInt64.max))")
        for (language, text) in tables {
            let lproj = folder.appendingPathComponent("\(language).lproj")
            try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: lproj.appendingPathComponent("Localizable.strings"))
        }
        return folder.path
    }

    @Test func localeNamesBecomeLanguageTags() {
        #expect(Localization.languageTag(fromLocaleName: "ar_EG.UTF-8") == "ar-EG")
        #expect(Localization.languageTag(fromLocaleName: "he_IL") == "he-IL")
        #expect(Localization.languageTag(fromLocaleName: "de_CH.UTF-8@euro") == "de-CH")
        #expect(Localization.languageTag(fromLocaleName: "zh-Hant-TW") == "zh-Hant-TW")
        #expect(Localization.languageTag(fromLocaleName: "en") == "en")
        #expect(Localization.languageTag(fromLocaleName: "C.UTF-8") == nil)
        #expect(Localization.languageTag(fromLocaleName: "POSIX") == nil)
        #expect(Localization.languageTag(fromLocaleName: "../etc") == nil)
        #expect(Localization.languageTag(fromLocaleName: "") == nil)
    }

    @Test func theLocaleVariablesAreReadInPOSIXOrder() {
        let all = ["LC_ALL": "he_IL.UTF-8", "LC_MESSAGES": "ar_EG.UTF-8", "LANG": "de_DE.UTF-8"]
        #expect(Localization.preferredLanguage { all[$0] } == "he-IL")
        #expect(Localization.preferredLanguage { ["LC_MESSAGES": "ar_EG.UTF-8", "LANG": "de_DE.UTF-8"][$0] } == "ar-EG")
        #expect(Localization.preferredLanguage { ["LC_ALL": "", "LANG": "de_DE.UTF-8"][$0] } == "de-DE")
        #expect(Localization.preferredLanguage { ["LANG": "C.UTF-8"][$0] } == nil)
        #expect(Localization.preferredLanguage { _ in nil } == nil)
    }

    @Test func theFallbackChainGoesFromSpecificToBaseToTheDevelopmentLanguage() {
        #expect(Localization.fallbackChain(for: "ar-EG") == ["ar-EG", "ar", "Base", "en"])
        #expect(Localization.fallbackChain(for: "en-GB") == ["en-GB", "en", "Base"])
        #expect(Localization.fallbackChain(for: "he") == ["he", "Base", "en"])
    }

    @Test func rightToLeftLanguagesAreKnown() {
        for language in ["ar", "ar-EG", "he", "he_IL.UTF-8", "fa", "ur", "iw"] {
            #expect(Localization.direction(ofLanguage: language) == .rightToLeft, "\(language)")
        }
        for language in ["en", "de-CH", "fr", "tr", "C"] {
            #expect(Localization.direction(ofLanguage: language) == .leftToRight, "\(language)")
        }
    }

    @Test func placeholdersAreFilledInOrderOrByPosition() {
        #expect(Localization.format("%d visitors", [3]) == "3 visitors")
        #expect(Localization.format("%1$@ told %2$@", ["Ada", "Charles"]) == "Ada told Charles")
        #expect(Localization.format("%2$@ ← %1$@", ["Ada", "Charles"]) == "Charles ← Ada")
        #expect(Localization.format("100%% and %ld", [7]) == "100% and 7")
        #expect(Localization.format("%@ and %@", ["one"]) == "one and %@", "a missing argument stays visible")
        #expect(Localization.format("%k %", ["x"]) == "%k %", "an unknown placeholder is kept")
    }

    @Test func tablesAreLookedUpThroughTheChain() throws {
        Localization.reset()
        defer { Localization.reset() }
        let folder = try tableFolder([
            "en": "\"Hello\" = \"Hello\";\n\"Only English\" = \"Only English\";",
            "ar": "\"Hello\" = \"مرحبا\";",
            "ar-EG": "\"Hello\" = \"أهلاً\";",
            "Base": "\"Base only\" = \"From Base\";"
        ])
        try Localization.setLanguage("ar_EG.UTF-8")
        try Localization.load(directory: folder)
        #expect(Localization.language == "ar-EG")
        #expect(Localization.layoutDirection == .rightToLeft)
        #expect(localized("Hello") == "أهلاً")
        #expect(localized("Base only") == "From Base")
        #expect(localized("Only English") == "Only English")
        #expect(localized("Not in any table") == "Not in any table")
        #expect(Localization.string("Hello", table: "Missing") == "Hello")
        #expect(Localization.availableLanguages == ["Base", "ar", "ar-EG", "en"])
        try Localization.setLanguage("ar")
        #expect(localized("Hello") == "مرحبا")
        try Localization.setLanguage("de")
        #expect(localized("Hello") == "Hello")
        #expect(Localization.layoutDirection == .leftToRight)
    }

    @Test func aBadTableIsReportedByFileAndLineAndChangesNothing() throws {
        Localization.reset()
        defer { Localization.reset() }
        let folder = try tableFolder(["en": "\"Hello\" = \"Hello\";", "he": "\"Hello\" = \"שלום\";\n\"Bye\" = \"להתראות\"\n"])
        try Localization.setLanguage("en")
        try Localization.load(directory: folder)
        #expect(
            throws: StringsFileError(
                file: folder + "/he.lproj/Localizable.strings", line: 3, column: 1,
                message: "expected ';' after the value of \"Bye\", found the end of the file")
        ) {
            try Localization.setLanguage("he")
        }
        #expect(Localization.language == "en", "the language is unchanged")
        #expect(localized("Hello") == "Hello")
    }

    /// A controller whose root view shows a localized title at its leading edge and a button at
    /// its trailing edge, setting its strings again on `languageDidChangeNotification`.
    final class GreetingController: ViewController {
        let greeting = Label(frame: .zero)
        let button = Button(frame: .zero)
        var observer: ResponderKit.NotificationCenter.ObserverToken?
        var taps = 0

        override func viewDidLoad() {
            super.viewDidLoad()
            for subview in [greeting, button] as [View] {
                view.addSubview(subview)
                subview.translatesAutoresizingMaskIntoConstraints = false
            }
            LayoutConstraint.activate([
                greeting.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
                greeting.topAnchor.constraint(equalTo: view.topAnchor, constant: 20),
                button.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -20),
                button.topAnchor.constraint(equalTo: view.topAnchor, constant: 20),
                button.widthAnchor.constraint(equalToConstant: 100), button.heightAnchor.constraint(equalToConstant: 44)
            ])
            button.addAction(for: .touchUpInside) { [unowned self] _ in taps += 1 }
            applyStrings()
            observer = ResponderKit.NotificationCenter.default.addObserver(forName: Localization.languageDidChangeNotification, object: nil) {
                [weak self] _ in self?.applyStrings()
            }
        }

        func applyStrings() {
            greeting.text = localized("Welcome")
            button.setTitle(localized("Continue"), for: .normal)
        }
    }

    @Test func switchingLanguageAtRunTimeChangesTheStringsAndMirrorsTheLayout() throws {
        Localization.reset()
        defer { Localization.reset() }
        let folder = try tableFolder([
            "en": "\"Welcome\" = \"Welcome\";\n\"Continue\" = \"Continue\";",
            "he": "\"Welcome\" = \"ברוכים הבאים\";\n\"Continue\" = \"המשך\";"
        ])
        try Localization.setLanguage("en")
        try Localization.load(directory: folder)
        let application = Application()
        let driver = InputDriver(application: application)
        let window = Window(windowScene: WindowScene(application: application, screenBounds: Rect(x: 0, y: 0, width: 400, height: 300)))
        let controller = GreetingController()
        window.rootViewController = controller
        window.makeKeyAndVisible()
        defer { if let observer = controller.observer { ResponderKit.NotificationCenter.default.removeObserver(observer) } }

        driver.tap(at: Point(x: 330, y: 42), in: window)
        #expect(controller.taps == 1, "the button is at the right in English")
        #expect(controller.greeting.frame.minX == 20)
        #expect(controller.greeting.text == "Welcome")

        try Localization.setLanguage("he")
        #expect(controller.greeting.text == "ברוכים הבאים")
        #expect(controller.button.title(for: .normal) == "המשך")
        #expect(window.layoutPassRequested, "every window is laid out again")
        // The driver runs the frame before the tap: the button is now at the left.
        driver.tap(at: Point(x: 70, y: 42), in: window)
        #expect(controller.taps == 2, "the tap meets the mirrored button")
        #expect(controller.button.frame.minX == 20)
        #expect(controller.greeting.frame.maxX == 380)
        #expect(controller.greeting.textAttributes.alignment == .right)
        #expect(controller.view.traitCollection.layoutDirection == .rightToLeft)

        try Localization.setLanguage("en")
        driver.tap(at: Point(x: 330, y: 42), in: window)
        #expect(controller.taps == 3)
        #expect(controller.greeting.text == "Welcome")
        #expect(driver.isClean)
    }

    @Test func aSceneWithItsOwnDirectionKeepsItAcrossLanguages() throws {
        Localization.reset()
        defer { Localization.reset() }
        let application = Application()
        let scene = WindowScene(application: application, screenBounds: Rect(x: 0, y: 0, width: 400, height: 300))
        scene.traitCollection = TraitCollection(userInterfaceStyle: .light, layoutDirection: .leftToRight)
        let window = Window(windowScene: scene)
        window.makeKeyAndVisible()
        try Localization.setLanguage("ar")
        #expect(window.effectiveUserInterfaceLayoutDirection == .leftToRight)
        scene.traitCollection = TraitCollection(userInterfaceStyle: .light, layoutDirection: .unspecified)
        #expect(window.effectiveUserInterfaceLayoutDirection == .rightToLeft, "unspecified follows the language")
    }
}
