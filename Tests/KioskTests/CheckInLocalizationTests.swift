import Kiosk
import Rendering
import ResponderKit
import ResponderKitTesting
import TestHelpers
import Testing

@testable import CheckInApp

/// Issue 24 §5: the check-in kiosk in Arabic and Hebrew, from the app's own `.strings` tables
/// (`Tools/Examples/CheckInApp/Localization`): strings translated, the screen mirrored (header
/// title at the right, the form at the right of the list, fields and segments from the right),
/// Arabic shaped by Pango with DejaVu Sans (`fonts-dejavu-core`, which `Tools/setup.sh`
/// installs) — checked by frames and against golden images at 1280×800
/// (`RK_UPDATE_GOLDEN=1` writes missing ones). Also the switch from English to Arabic while the
/// screen shows, through `InputDriver`. Every test puts the language back before it returns.
@MainActor
@Suite("Check-in app in Arabic and Hebrew")
struct CheckInLocalizationTests {
    struct Stage {
        let application: Application
        let driver: InputDriver
        let window: Window
        let controller: CheckInViewController
    }

    /// The app at 1280×800 in `language` (its tables loaded), the on-screen keyboard off.
    func stage(_ language: String) throws -> Stage {
        Rendering.install()
        Localization.reset()
        try Localization.setLanguage(language)
        try Localization.load(directory: CheckInLocalization.sourceFolder)
        let application = Application()
        application.onScreenKeyboard.mode = .never
        let driver = InputDriver(application: application)
        let scene = WindowScene(application: application, screenBounds: Rect(x: 0, y: 0, width: 1280, height: 800))
        let window = Window(windowScene: scene)
        let controller = CheckInViewController()
        window.rootViewController = controller
        window.makeKeyAndVisible()
        return Stage(application: application, driver: driver, window: window, controller: controller)
    }

    func centre(_ view: View, in window: Window) -> Point {
        window.application.runFrame(including: window)
        return view.convert(Point(x: view.bounds.midX, y: view.bounds.midY), to: window)
    }

    func inWindow(_ view: View, _ window: Window) -> Rect { view.convert(view.bounds, to: window) }

    /// Fills the form (the name by the text-input path: the US key map has no Arabic keys),
    /// picks the second kind, asks for parking and checks in.
    func checkIn(_ s: Stage, name: String, host: String) {
        let form = s.controller.form
        s.driver.tap(at: centre(form.nameField, in: s.window), in: s.window)
        form.nameField.insertText(name)
        s.driver.tap(at: centre(form.hostField, in: s.window), in: s.window)
        form.hostField.insertText(host)
        let contractor = form.kindControl.rectForSegment(at: 1)
        s.driver.tap(at: form.kindControl.convert(Point(x: contractor.midX, y: contractor.midY), to: s.window), in: s.window)
        s.driver.tap(at: centre(form.parkingSwitch, in: s.window), in: s.window)
        s.driver.tap(at: centre(form.checkInButton, in: s.window), in: s.window)
        s.window.application.runFrame(including: s.window)
    }

    /// What every right-to-left screen shows: the header's title at the right and the count at
    /// the left, the form (first arranged) at the right of the list, labels aligned right.
    func expectMirrored(_ s: Stage, sourceLocation: SourceLocation = #_sourceLocation) {
        let c = s.controller
        #expect(c.view.effectiveUserInterfaceLayoutDirection == .rightToLeft, sourceLocation: sourceLocation)
        #expect(inWindow(c.titleLabel, s.window).maxX == 1280 - 16, sourceLocation: sourceLocation)
        #expect(inWindow(c.countLabel, s.window).minX == 16, sourceLocation: sourceLocation)
        #expect(inWindow(c.formPanel, s.window).minX > inWindow(c.listColumn, s.window).maxX, sourceLocation: sourceLocation)
        #expect(c.listTitle.textAttributes.alignment == .right, sourceLocation: sourceLocation)
        let kinds = c.form.kindControl
        #expect(kinds.rectForSegment(at: 0).minX > kinds.rectForSegment(at: 2).minX, sourceLocation: sourceLocation)
    }

    @Test func arabicCheckInIsTranslatedMirroredAndMatchesItsGolden() throws {
        defer { Localization.reset() }
        let s = try stage("ar_EG.UTF-8")
        #expect(s.controller.titleLabel.text == "تسجيل الزوار")
        #expect(s.controller.form.checkInButton.title(for: .normal) == "تسجيل الدخول")
        checkIn(s, name: "ليلى حداد", host: "سمير")
        #expect(s.controller.visitors.map(\.name) == ["ليلى حداد"])
        #expect(s.controller.visitors.first?.details == "يزور سمير · مقاول · موقف")
        #expect(s.controller.confirmationText == "أهلاً ليلى حداد! تم إبلاغ سمير بوصولك.")
        #expect(s.controller.countLabel.text == "زائر واحد")
        expectMirrored(s)
        s.driver.advance(by: 0.5)  // the new row and the welcome alert have faded in
        GoldenImages(besideSourceFile: #filePath).expect(s.window.snapshot(), "checkin-1280x800-arabic", tolerance: 2)
        s.driver.advance(by: 3)
        #expect(s.driver.isClean)
    }

    @Test func hebrewCheckInIsTranslatedMirroredAndMatchesItsGolden() throws {
        defer { Localization.reset() }
        let s = try stage("he")
        #expect(s.controller.titleLabel.text == "רישום מבקרים")
        checkIn(s, name: "נועה לוי", host: "דוד")
        #expect(s.controller.visitors.first?.details == "מבקר את דוד · קבלן · חניה")
        expectMirrored(s)
        s.driver.advance(by: 0.5)  // the new row and the welcome alert have faded in
        GoldenImages(besideSourceFile: #filePath).expect(s.window.snapshot(), "checkin-1280x800-hebrew", tolerance: 2)
        s.driver.advance(by: 3)
        #expect(s.driver.isClean)
    }

    /// The header's count from the app's `Localizable.stringsdict`: English's two forms,
    /// Hebrew's three, Arabic's six.
    @Test func theVisitorCountHasEachLanguagesPluralForms() throws {
        defer { Localization.reset() }
        let expected: [(String, [Int: String])] = [
            ("en", [1: "1 visitor", 3: "3 visitors", 0: "0 visitors"]),
            ("he", [1: "מבקר אחד", 2: "שני מבקרים", 7: "7 מבקרים"]),
            ("ar", [0: "لا يوجد زوار", 1: "زائر واحد", 2: "زائران", 3: "3 زوار", 11: "11 زائرًا", 100: "100 زائر"])
        ]
        for (language, counts) in expected {
            Localization.reset()
            try Localization.setLanguage(language)
            try Localization.load(directory: CheckInLocalization.sourceFolder)
            for (count, text) in counts { #expect(localized("%d visitors", count) == text, "\(language) \(count)") }
        }
        let s = try stage("ar")
        checkIn(s, name: "ليلى", host: "سمير")
        s.driver.advance(by: 3.5)  // the modal welcome alert dismisses itself
        checkIn(s, name: "سمير", host: "ليلى")
        #expect(s.controller.countLabel.text == "زائران", "two visitors: Arabic's dual")
        s.driver.advance(by: 4)
    }

    @Test func switchingFromEnglishToArabicWhileShownRelaysOutEverything() throws {
        defer { Localization.reset() }
        let s = try stage("en")
        let c = s.controller
        checkIn(s, name: "Ada", host: "Charles")
        #expect(inWindow(c.titleLabel, s.window).minX == 16)
        #expect(c.visitors.first?.details == "visiting Charles · Contractor · parking")
        let englishButton = inWindow(c.form.checkInButton, s.window)

        try Localization.setLanguage("ar")
        s.window.application.runFrame(including: s.window)
        #expect(c.titleLabel.text == "تسجيل الزوار")
        #expect(c.form.nameField.placeholder == "الاسم")
        #expect(c.form.kindControl.titleForSegment(at: 1) == "مقاول")
        #expect(c.list.visitorRows.first?.detailLabel.text == "يزور Charles · مقاول · موقف")
        expectMirrored(s)
        let arabicButton = inWindow(c.form.checkInButton, s.window)
        #expect(abs(arabicButton.midX - (1280 - englishButton.midX)) < 1, "the button's place is mirrored")

        // A tap on the mirrored parking switch reaches it, once the modal welcome alert has
        // dismissed itself (3 s, then its 0.4 s fade).
        s.driver.advance(by: 3.5)
        let wasOn = c.form.parkingSwitch.isOn
        s.driver.tap(at: centre(c.form.parkingSwitch, in: s.window), in: s.window)
        #expect(c.form.parkingSwitch.isOn != wasOn)

        try Localization.setLanguage("en")
        s.window.application.runFrame(including: s.window)
        #expect(c.titleLabel.text == "Visitor check-in")
        #expect(inWindow(c.titleLabel, s.window).minX == 16)
        s.driver.advance(by: 3)
        #expect(s.driver.isClean)
    }

    @Test func theLanguageScriptVerbRefusesWhatIsNotALanguageWhenTheScriptIsRead() throws {
        let verb = try #require(CheckInKiosk.languageVerbs()["language"])
        #expect(throws: ScriptError.self) { _ = try verb(["!!"]) }
        #expect(throws: ScriptError.self) { _ = try verb([]) }
        #expect(throws: ScriptError.self) { _ = try verb(["ar", "he"]) }
        _ = try verb(["ar_EG.UTF-8"])
    }
}
