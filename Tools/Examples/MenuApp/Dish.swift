/// One dish on the canteen kiosk's menu: its identity for the diffable data source (the name is
/// unique on a menu) and its course.
public struct Dish: Hashable, Sendable {
    /// The course a dish belongs to: a section of the menu.
    public enum Course: String, CaseIterable, Hashable, Sendable {
        /// The main dishes.
        case mains = "Mains"
        /// The desserts.
        case desserts = "Desserts"
        /// The drinks.
        case drinks = "Drinks"
    }

    /// The dish's name, shown on its tile.
    public let name: String
    /// Its course.
    public let course: Course

    /// A dish of a course.
    public init(_ name: String, _ course: Course) {
        self.name = name
        self.course = course
    }

    /// Today's menu.
    public static let today: [Dish] =
        ["Tomato soup", "Green curry", "Lasagne", "Falafel wrap", "Caesar salad"].map { Dish($0, .mains) }
        + ["Apple tart", "Lemon sorbet", "Brownie"].map { Dish($0, .desserts) }
        + ["Coffee", "Tea", "Orange juice", "Water"].map { Dish($0, .drinks) }
}
