/// UIKit's keyboard notifications and their `userInfo` keys, under UIKit's names. They are posted
/// on `NotificationCenter.default` by the window whose input views show or hide
/// (`InputViewPresenter`), with that window as the notification's `object` (observe with
/// `object: nil` for every window). Frames are `Rect`s in window coordinates (a kiosk window is
/// its screen); the duration is a `Double` in seconds; the curve a `View.AnimationCurve`.
extension Responder {
    /// Posted just before the keyboard (the window's input views) shows or its frame changes while
    /// shown (UIKit's `keyboardWillShowNotification`); `userInfo` has the begin and end frames,
    /// duration and curve of the slide.
    nonisolated public static let keyboardWillShowNotification = Notification.Name("ResponderKeyboardWillShowNotification")
    /// Posted once the keyboard has shown, after its slide (UIKit's `keyboardDidShowNotification`).
    nonisolated public static let keyboardDidShowNotification = Notification.Name("ResponderKeyboardDidShowNotification")
    /// Posted just before the keyboard hides (UIKit's `keyboardWillHideNotification`); the end frame
    /// is below the window.
    nonisolated public static let keyboardWillHideNotification = Notification.Name("ResponderKeyboardWillHideNotification")
    /// Posted once the keyboard has hidden, after its slide (UIKit's `keyboardDidHideNotification`).
    nonisolated public static let keyboardDidHideNotification = Notification.Name("ResponderKeyboardDidHideNotification")
    /// Posted just before every change of the keyboard's frame — showing, hiding, or moving while
    /// shown (focus moved to a field with another keyboard type or accessory) — right before
    /// `keyboardWillShowNotification` or `keyboardWillHideNotification`, with the same `userInfo`
    /// (UIKit's `keyboardWillChangeFrameNotification`, in UIKit's order).
    nonisolated public static let keyboardWillChangeFrameNotification = Notification.Name("ResponderKeyboardWillChangeFrameNotification")
    /// Posted once the keyboard's frame has changed — after it showed, hid, or moved while shown —
    /// right before `keyboardDidShowNotification` or `keyboardDidHideNotification` (UIKit's
    /// `keyboardDidChangeFrameNotification`).
    nonisolated public static let keyboardDidChangeFrameNotification = Notification.Name("ResponderKeyboardDidChangeFrameNotification")

    /// The frame where the input views start (`Rect`, window coordinates; below the window
    /// when they slide in).
    nonisolated public static let keyboardFrameBeginUserInfoKey = "ResponderKeyboardFrameBeginUserInfoKey"
    /// The frame where they end (`Rect`; below the window when they slide out).
    nonisolated public static let keyboardFrameEndUserInfoKey = "ResponderKeyboardFrameEndUserInfoKey"
    /// The slide's duration in seconds (`Double`; 0 when nothing moves).
    nonisolated public static let keyboardAnimationDurationUserInfoKey = "ResponderKeyboardAnimationDurationUserInfoKey"
    /// The slide's curve (`View.AnimationCurve`).
    nonisolated public static let keyboardAnimationCurveUserInfoKey = "ResponderKeyboardAnimationCurveUserInfoKey"
    /// Whether the keyboard belongs to this app (`Bool`; always true: there is no other app).
    nonisolated public static let keyboardIsLocalUserInfoKey = "ResponderKeyboardIsLocalUserInfoKey"
}

extension Notification {
    /// The keyboard's begin frame (`keyboardFrameBeginUserInfoKey`), if the notification has one.
    public var keyboardFrameBegin: Rect? { userInfo?[Responder.keyboardFrameBeginUserInfoKey] as? Rect }
    /// The keyboard's end frame (`keyboardFrameEndUserInfoKey`), if the notification has one.
    public var keyboardFrameEnd: Rect? { userInfo?[Responder.keyboardFrameEndUserInfoKey] as? Rect }
    /// The slide's duration (`keyboardAnimationDurationUserInfoKey`), if the notification has one.
    public var keyboardAnimationDuration: Double? { userInfo?[Responder.keyboardAnimationDurationUserInfoKey] as? Double }
}
