import ResponderKit

/// The inbox's colours, in one place.
enum InboxPalette {
    static let background = Color(white: 0.95)
    static let header = Color(red: 0.16, green: 0.32, blue: 0.62)
    static let headerText = Color.white
    static let cell = Color.white
    static let cellPressed = Color(white: 0.88)
    static let separator = Color(white: 0.85)
    static let sender = Color(white: 0.08)
    static let subject = Color(white: 0.2)
    static let preview = Color(white: 0.45)
    static let delete = Color(red: 0.9, green: 0.22, blue: 0.2)
    static let archive = Color(red: 0.2, green: 0.5, blue: 0.85)
    static let refresh = Color(white: 0.4)
}
