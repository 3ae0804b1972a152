/// The sizes, fonts and colours of alerts and action sheets: UIKit's, in points, with the touch
/// targets a kiosk needs (UIKit's own are already 44 points or more).
public enum AlertMetrics {
    /// An alert card's width (UIKit's 270 points).
    public static let alertWidth = 270.0
    /// An action sheet's widest width; narrower screens leave `edgeMargin` on each side.
    public static let actionSheetMaximumWidth = 420.0
    /// The distance kept between a card and the screen's edges (or the on-screen keyboard).
    public static let edgeMargin = 8.0
    /// The gap between an action sheet's group of actions and its cancel card.
    public static let cancelGap = 8.0
    /// The cards' corner radius (UIKit's 14 points).
    public static let cornerRadius = 14.0
    /// An alert button's height (UIKit's 44 points).
    public static let alertButtonHeight = 44.0
    /// An action sheet button's height (UIKit's 57 points).
    public static let actionSheetButtonHeight = 57.0
    /// An alert button's title size.
    public static let alertButtonFontSize = 17.0
    /// An action sheet button's title size (UIKit's 20 points).
    public static let actionSheetButtonFontSize = 20.0
    /// The space around the title, message and text fields.
    public static let headerInsets = EdgeInsets(top: 20, left: 16, bottom: 20, right: 16)
    /// The space around an action sheet's title and message.
    public static let actionSheetHeaderInsets = EdgeInsets(top: 14, left: 16, bottom: 14, right: 16)
    /// The gap between the title, the message and each text field.
    public static let headerSpacing = 6.0
    /// A text field's height in an alert.
    public static let fieldHeight = 32.0
    /// A text field's font size in an alert.
    public static let fieldFontSize = 15.0
    /// The thickness of the lines between buttons.
    public static let separatorWidth = 0.5
    /// Space left and right of a button's title.
    public static let buttonPadding = 8.0
    /// The dimming over the screen: black at 20 % in light appearance, 48 % in dark (UIKit's).
    public static let dimmingColor = Color(light: Color(white: 0, alpha: 0.2), dark: Color(white: 0, alpha: 0.48))
    /// The cards' background: a light grey sheet in light appearance, a dark grey one in dark.
    public static let cardColor = Color(
        light: Color(red: 242.0 / 255, green: 242.0 / 255, blue: 242.0 / 255), dark: Color(red: 44.0 / 255, green: 44.0 / 255, blue: 46.0 / 255))
    /// An action sheet's cancel card (white in light appearance, as UIKit's).
    public static let cancelCardColor = Color(light: .white, dark: Color(red: 44.0 / 255, green: 44.0 / 255, blue: 46.0 / 255))
    /// A button's fill while pressed or focused with the keys.
    public static let highlightColor = Color.systemFill
}
