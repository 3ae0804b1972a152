/// What a text responder tells the on-screen keyboard about the text it wants (UIKit's
/// `UITextInputTraits`): the keyboard's layout, its Return key's title, capitalization.
/// `TextField` conforms; the built-in `KeyboardView` reads these when it is shown for a responder.
@MainActor
public protocol TextInputTraits: AnyObject {
    /// Which keys the keyboard offers (UIKit's `keyboardType`): letters, a number, decimal or phone
    /// pad, `@` for email, `/` for URLs.
    var keyboardType: KeyboardType { get }
    /// The title of the keyboard's Return key (UIKit's `returnKeyType`).
    var returnKeyType: ReturnKeyType { get }
    /// When the keyboard capitalizes automatically (UIKit's `autocapitalizationType`).
    var autocapitalizationType: AutocapitalizationType { get }
}

extension TextField: TextInputTraits {}

extension ReturnKeyType {
    /// The Return key's title on the built-in keyboard (UIKit's English titles).
    public var title: String {
        switch self {
        case .default: return "return"
        case .go: return "Go"
        case .next: return "Next"
        case .search: return "Search"
        case .send: return "Send"
        case .done: return "Done"
        case .join: return "Join"
        case .route: return "Route"
        case .continue: return "Continue"
        }
    }
}
