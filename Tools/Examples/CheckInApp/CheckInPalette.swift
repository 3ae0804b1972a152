import ResponderKit

/// The check-in app's colours and sizes, in one place.
enum CheckInPalette {
    static let background = Color(white: 0.94)
    static let header = Color(red: 0.12, green: 0.36, blue: 0.40)
    static let headerText = Color.white
    static let panel = Color.white
    static let title = Color(white: 0.1)
    static let secondary = Color(white: 0.42)
    static let accent = Color(red: 0.0, green: 0.48, blue: 0.52)
    static let disabled = Color(white: 0.75)
    static let row = Color(white: 0.97)

    /// The height of a text field, the segmented control and the button: a comfortable touch.
    static let controlHeight = 38.0
    /// Space between the form's rows.
    static let formSpacing = 8.0
    /// Space around panels.
    static let margin = 12.0
    /// The header bar's height.
    static let headerHeight = 48.0
}
