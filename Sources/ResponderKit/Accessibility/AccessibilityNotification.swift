/// What an app tells the screen reader (UIKit's `UIAccessibility.Notification`), posted with
/// `Accessibility.post(notification:argument:)`.
public struct AccessibilityNotification: Hashable, Sendable {
    /// Its number, as UIKit's.
    public let rawValue: UInt32
    /// Makes a notification from its number.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A new screen appeared: the reader focuses its first element (or the element given as the
    /// argument) and speaks it.
    public static let screenChanged = AccessibilityNotification(rawValue: 1000)
    /// Part of the screen changed: the reader focuses the element given as the argument (or keeps
    /// its focus when it is still shown, else the first element) and speaks it.
    public static let layoutChanged = AccessibilityNotification(rawValue: 1001)
    /// Speak the string argument, queued behind what is speaking (announcement priority).
    public static let announcement = AccessibilityNotification(rawValue: 1008)
    /// A scroll by page finished: speak the string argument ("page 2 of 5").
    public static let pageScrolled = AccessibilityNotification(rawValue: 1009)
}

/// UIKit's `UIAccessibility` namespace: posting notifications and asking whether the screen reader
/// runs.
@MainActor
public enum Accessibility {
    /// Tells the screen reader of `notification` (UIKit's `UIAccessibility.post`). The argument is
    /// an element (a view or `AccessibilityElement`) for `.screenChanged`/`.layoutChanged`, a
    /// string for `.announcement`/`.pageScrolled`. It goes to the reader of the application whose
    /// window shows the element, else to the reader that runs (the last one started), else to
    /// `Application.shared`'s; nothing is spoken while the reader is off.
    public static func post(notification: AccessibilityNotification, argument: Any?) {
        post(notification: notification, argument: argument, from: argument.flatMap(viewOf))
    }

    /// Posts on behalf of `view` (the sender's window names the application).
    static func post(notification: AccessibilityNotification, argument: Any?, from view: View?) {
        if let application = view?.window?.windowScene?.application {
            application.screenReader.receive(notification, argument: argument)
        } else if let reader = ScreenReader.running {
            reader.receive(notification, argument: argument)
        } else {
            Application.shared.screenReader.receive(notification, argument: argument)
        }
    }

    /// Whether `Application.shared`'s screen reader is on (UIKit's `isVoiceOverRunning`).
    public static var isScreenReaderRunning: Bool { Application.shared.screenReader.isRunning }

    private static func viewOf(_ argument: Any) -> View? {
        if let view = argument as? View { return view }
        return (argument as? AccessibilityElement)?.containerView
    }
}
