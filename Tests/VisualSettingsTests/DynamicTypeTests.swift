import Kiosk
import ResponderKit
import ResponderKitTesting
import Testing

/// Dynamic Type (issue 26 §5): the preferred fonts at UIKit's sizes per text size, the host's
/// options, and labels, buttons and text fields that grow, relayout and wrap when the size changes.
@MainActor
@Suite struct DynamicTypeTests {
    @Test func preferredFontsFollowUIKitsSizesPerCategory() {
        func size(_ style: Font.TextStyle, _ category: ContentSizeCategory) -> Double {
            var traits = TraitCollection(userInterfaceStyle: .light)
            traits.preferredContentSizeCategory = category
            traits.legibilityWeight = .regular
            return Font.preferredFont(forTextStyle: style, compatibleWith: traits).pointSize
        }
        #expect(size(.body, .large) == 17)
        #expect(size(.body, .unspecified) == 17)
        #expect(size(.body, .extraSmall) == 14)
        #expect(size(.body, .extraExtraExtraLarge) == 23)
        #expect(size(.body, .accessibilityMedium) == 28)
        #expect(size(.body, .accessibilityExtraExtraExtraLarge) == 53)
        #expect(size(.largeTitle, .large) == 34)
        #expect(size(.largeTitle, .accessibilityExtraExtraExtraLarge) == 60)
        #expect(size(.title1, .large) == 28)
        #expect(size(.title2, .large) == 22)
        #expect(size(.title3, .large) == 20)
        #expect(size(.headline, .large) == 17)
        #expect(size(.subheadline, .large) == 15)
        #expect(size(.callout, .large) == 16)
        #expect(size(.footnote, .large) == 13)
        #expect(size(.caption1, .large) == 12)
        #expect(size(.caption2, .large) == 11)
        #expect(size(.caption2, .accessibilityExtraExtraExtraLarge) == 40)
        // Every style grows (or stays) with every step up.
        for style in Font.TextStyle.allCases {
            let sizes = ContentSizeCategory.allCases.dropFirst().map { size(style, $0) }
            #expect(sizes == sizes.sorted(), "\(style): \(sizes)")
        }
        var bold = TraitCollection(userInterfaceStyle: .light)
        bold.legibilityWeight = .bold
        #expect(Font.preferredFont(forTextStyle: .body, compatibleWith: bold).weight == .bold)
        #expect(Font.preferredFont(forTextStyle: .headline, compatibleWith: bold).weight == .heavy)
        #expect(Font.preferredFont(forTextStyle: .headline, compatibleWith: nil).textStyle == .headline)
    }

    @Test func categoriesOrderAndNameAsUIKits() {
        #expect(ContentSizeCategory.extraSmall < .large && ContentSizeCategory.large < .accessibilityMedium)
        #expect(!ContentSizeCategory.extraExtraExtraLarge.isAccessibilityCategory)
        #expect(ContentSizeCategory.accessibilityMedium.isAccessibilityCategory)
        #expect(ContentSizeCategory(name: "ax5") == .accessibilityExtraExtraExtraLarge)
        #expect(ContentSizeCategory(name: "extraLarge") == .extraLarge)
        #expect(ContentSizeCategory(name: "huge") == nil)
    }

    @Test func theHostsOptionsSetEverySetting() throws {
        let options = try KioskOptions.parse(
            ["--text-size", "ax3", "--bold-text", "on", "--high-contrast", "on", "--reduce-motion", "on"], appName: "t",
            environment: { _ in nil })
        var expected = VisualSettings()
        expected.contentSizeCategory = .accessibilityExtraLarge
        expected.isBoldTextEnabled = true
        expected.isHighContrastEnabled = true
        expected.isReduceMotionEnabled = true
        #expect(options.visualSettings == expected)
        #expect(try KioskOptions.parse([], appName: "t", environment: { _ in nil }).visualSettings == VisualSettings())
        for (arguments, message) in [
            (["--text-size", "huge"], "--text-size must be xs, s, m, l, xl, xxl, xxxl, ax1, ax2, ax3, ax4 or ax5, got 'huge'"),
            (["--text-size", "unspecified"], "--text-size must be xs, s, m, l, xl, xxl, xxxl, ax1, ax2, ax3, ax4 or ax5, got 'unspecified'"),
            (["--bold-text", "yes"], "--bold-text must be on or off, got 'yes'"),
            (["--reduce-motion"], "--reduce-motion needs a value")
        ] {
            #expect {
                _ = try KioskOptions.parse(arguments, appName: "t", environment: { _ in nil })
            } throws: { error in
                (error as? ScriptError)?.message == message
            }
        }
    }

    /// A wrapping label, a button's title and a text field with preferred fonts, at the default
    /// size and then at the largest accessibility size: the fonts are remade, the label wraps onto
    /// more lines and grows, the button and the field grow, the notification carries the new size,
    /// and views hear `traitCollectionDidChange`.
    @Test func labelsButtonsAndFieldsGrowRelayoutAndWrap() throws {
        try OwnProcess.run(suite: "DynamicTypeTests", test: "labelsButtonsAndFieldsGrowRelayoutAndWrap") {
            let application = Application()
            let scene = WindowScene(application: application, screenBounds: Rect(x: 0, y: 0, width: 400, height: 600))
            let window = Window(windowScene: scene)
            window.makeKeyAndVisible()
            let label = Label(frame: Rect(x: 10, y: 10, width: 300, height: 0))
            label.text = "Touch the screen to begin your check-in"
            label.numberOfLines = 0
            label.font = .preferredFont(forTextStyle: .body)
            label.adjustsFontForContentSizeCategory = true
            window.addSubview(label)
            let fixed = Label(frame: Rect(x: 10, y: 200, width: 300, height: 20))
            fixed.font = .preferredFont(forTextStyle: .body)  // does not adjust
            window.addSubview(fixed)
            let button = Button(frame: Rect(x: 10, y: 300, width: 0, height: 0))
            button.setTitle("Begin", for: .normal)
            button.titleLabel?.font = .preferredFont(forTextStyle: .headline)
            button.titleLabel?.adjustsFontForContentSizeCategory = true
            window.addSubview(button)
            let field = TextField(frame: Rect(x: 10, y: 400, width: 300, height: 40))
            field.font = .preferredFont(forTextStyle: .body)
            field.adjustsFontForContentSizeCategory = true
            window.addSubview(field)
            #expect(label.adjustsFontForContentSizeCategory && !fixed.adjustsFontForContentSizeCategory)

            let before = (
                label: label.sizeThatFits(Size(width: 300, height: .infinity)), button: button.intrinsicContentSize,
                field: field.intrinsicContentSize
            )
            var posted: [ContentSizeCategory] = []
            let token = NotificationCenter.default.addObserver(forName: ContentSizeCategory.didChangeNotification, object: nil) {
                if let category = $0.userInfo?[ContentSizeCategory.newValueUserInfoKey] as? ContentSizeCategory { posted.append(category) }
            }
            defer { NotificationCenter.default.removeObserver(token) }

            application.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
            #expect(posted == [.accessibilityExtraExtraExtraLarge])
            #expect(label.font.pointSize == 53)
            #expect(fixed.font.pointSize == 17, "a label that does not adjust keeps its font")
            #expect(button.titleLabel?.font.pointSize == 53)
            #expect(field.font.pointSize == 53)
            #expect(label.traitCollection.preferredContentSizeCategory == .accessibilityExtraExtraExtraLarge)
            let after = (
                label: label.sizeThatFits(Size(width: 300, height: .infinity)), button: button.intrinsicContentSize,
                field: field.intrinsicContentSize
            )
            #expect(after.label.height > before.label.height * 4, "wraps onto more lines: \(before.label) → \(after.label)")
            #expect(after.label.width <= 300)
            #expect(after.button.width > before.button.width * 2 && after.button.height > before.button.height, "\(before.button) → \(after.button)")
            #expect(after.field.height > before.field.height, "\(before.field) → \(after.field)")

            // Back: everything shrinks again; setting the same value posts nothing.
            application.preferredContentSizeCategory = .large
            application.preferredContentSizeCategory = .large
            #expect(posted == [.accessibilityExtraExtraExtraLarge, .large])
            #expect(label.font.pointSize == 17)
            label.adjustsFontForContentSizeCategory = false
            application.preferredContentSizeCategory = .extraSmall
            #expect(label.font.pointSize == 17)
            #expect(field.font.pointSize == 14)
        }
    }

    @Test func boldTextMakesPreferredFontsHeavierAndNotifies() throws {
        try OwnProcess.run(suite: "DynamicTypeTests", test: "boldTextMakesPreferredFontsHeavierAndNotifies") {
            let label = Label(frame: Rect(x: 0, y: 0, width: 100, height: 30))
            label.font = .preferredFont(forTextStyle: .body)
            label.adjustsFontForContentSizeCategory = true
            var notified = 0
            let token = NotificationCenter.default.addObserver(forName: Accessibility.boldTextStatusDidChangeNotification, object: nil) { _ in
                notified += 1
            }
            defer { NotificationCenter.default.removeObserver(token) }
            Accessibility.isBoldTextEnabled = true
            #expect(notified == 1)
            #expect(label.font.weight == .bold)
            #expect(Font.preferredFont(forTextStyle: .body).weight == .bold)
            #expect(TraitCollection().legibilityWeight == .bold)
            Accessibility.isBoldTextEnabled = false
            #expect(notified == 2)
            #expect(label.font.weight == .regular)
        }
    }
}
