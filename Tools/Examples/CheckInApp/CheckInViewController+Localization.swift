import ResponderKit

/// Switching language while the screen shows (`Localization.setLanguage(_:)`): the controller
/// sets every string again when `Localization.languageDidChangeNotification` arrives, as a UIKit
/// app does on a locale change. The layout direction follows by itself: the host lays every
/// window out again, and leading and trailing swap between Arabic or Hebrew and English.
extension CheckInViewController {
    /// Observes the language; the token is the controller's, the block holds it weakly.
    func observeLanguageChanges() -> NotificationCenter.ObserverToken {
        NotificationCenter.default.addObserver(forName: Localization.languageDidChangeNotification, object: nil) { [weak self] _ in
            self?.applyLocalizedStrings()
        }
    }

    /// Sets the header, the form, the list and its rows in the current language.
    func applyLocalizedStrings() {
        titleLabel.text = localized("Visitor check-in")
        listTitle.text = localized("Checked in")
        updateCount()
        form.applyLocalizedStrings()
        list.applyLocalizedStrings()
    }
}

extension CheckInForm {
    /// The placeholders, the kinds of visit, the parking label and the button's title.
    func applyLocalizedStrings() {
        nameField.placeholder = localized("Name")
        companyField.placeholder = localized("Company")
        hostField.placeholder = localized("Who are you visiting?")
        for kind in Visitor.Kind.allCases { kindControl.setTitle(kind.title, forSegmentAt: kind.rawValue) }
        parkingLabel.text = localized("Needs a parking pass")
        checkInButton.setTitle(localized("Check in"), for: .normal)
    }
}

extension VisitorList {
    /// The empty list's message and each row's details line.
    func applyLocalizedStrings() {
        emptyLabel.text = localized("No visitors yet")
        for row in visitorRows { row.detailLabel.text = row.visitor.details }
    }
}
