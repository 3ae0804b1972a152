import Foundation
import ResponderKit
import ResponderKitTesting
import Testing

/// Issue 24 §5: Foundation is in the toolchain and an app may use it beside the core — here
/// `Date`, `DateFormatter` and `Locale` fill a label — though the library itself loads no
/// Foundation. The two names both define (`Notification`, `NotificationCenter`) are spelled
/// with their module in a file that imports both; everything else needs no qualification.
@MainActor
@Suite("Foundation beside the core")
struct FoundationAlongsideTests {
    /// A departure board row: a label showing a flight's time formatted by Foundation.
    final class DepartureRow: View {
        let time = Label(frame: .zero)
        let formatter: DateFormatter

        init(locale: Locale) {
            formatter = DateFormatter()
            formatter.locale = locale
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateStyle = .long
            formatter.timeStyle = .short
            super.init(frame: Rect(x: 0, y: 0, width: 400, height: 44))
            time.frame = bounds
            addSubview(time)
        }

        func show(_ date: Date) { time.text = formatter.string(from: date) }
    }

    @Test func aViewShowsADateFormattedByFoundation() {
        let application = Application()
        let driver = InputDriver(application: application)
        let window = Window(windowScene: WindowScene(application: application, screenBounds: Rect(x: 0, y: 0, width: 400, height: 300)))
        window.makeKeyAndVisible()
        let row = DepartureRow(locale: Locale(identifier: "de_DE"))
        window.addSubview(row)
        let departure = Date(timeIntervalSince1970: 1_796_323_200)  // 2026-12-03 18:40 UTC
        row.show(departure)
        #expect(row.time.text == "3. Dezember 2026 um 18:40")
        #expect(row.time.intrinsicContentSize.width > 0)
        // Foundation's clock and the core's run side by side.
        #expect(Date().timeIntervalSince(departure).isFinite)
        #expect(application.clock.now >= 0)
        // The one clash is spelled out: the core's notification center is ResponderKit's.
        var posted = 0
        let token = ResponderKit.NotificationCenter.default.addObserver(forName: Localization.languageDidChangeNotification, object: nil) { _ in
            posted += 1
        }
        ResponderKit.NotificationCenter.default.removeObserver(token)
        #expect(posted == 0)
        #expect(driver.isClean)
    }

    @Test func foundationsLocaleAndTheCoresLanguageAgreeOnTags() {
        let locale = Locale(identifier: "ar_EG")
        #expect(locale.language.languageCode?.identifier == "ar")
        #expect(Localization.languageTag(fromLocaleName: locale.identifier) == "ar-EG")
        #expect(Localization.direction(ofLanguage: locale.identifier) == .rightToLeft)
        #expect(Locale.Language(identifier: "he").characterDirection == .rightToLeft)
    }
}
