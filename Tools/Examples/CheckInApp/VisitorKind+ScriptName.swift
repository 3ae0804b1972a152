extension Visitor.Kind {
    /// The kind's name in headless scripts (`kind interview`): English whatever the app's
    /// language, so one script plays every translation.
    public var scriptName: String {
        switch self {
        case .guest: "guest"
        case .contractor: "contractor"
        case .interview: "interview"
        }
    }
}
