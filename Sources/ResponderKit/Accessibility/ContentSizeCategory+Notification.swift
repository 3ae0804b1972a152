// Kept apart from the size categories so they stay free of the notification centre (Tools/fuzz.sh
// builds the trait collection, and so these types, into its small core module).
extension ContentSizeCategory {
    /// Posted on `NotificationCenter.default` after the app's size changed (UIKit's
    /// `UIContentSizeCategory.didChangeNotification`); `userInfo[newValueUserInfoKey]` is the new
    /// `ContentSizeCategory`.
    public static let didChangeNotification = Notification.Name("ContentSizeCategoryDidChangeNotification")
    /// The key of the new size in `didChangeNotification`'s `userInfo`.
    public static let newValueUserInfoKey = "ContentSizeCategoryNewValueKey"
}
