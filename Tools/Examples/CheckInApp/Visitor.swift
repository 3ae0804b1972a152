import ResponderKit

/// One checked-in visitor: what the form asked for.
public struct Visitor: Hashable, Sendable {
    /// What brings the visitor (the form's segmented control).
    public enum Kind: Int, CaseIterable, Sendable {
        /// A visit (the default).
        case guest
        /// Someone here to work on the building or its equipment.
        case contractor
        /// A candidate for an interview.
        case interview

        /// The segment title, in the app's language.
        @MainActor public var title: String {
            switch self {
            case .guest: localized("Guest")
            case .contractor: localized("Contractor")
            case .interview: localized("Interview")
            }
        }
    }

    /// The badge number, counted from 1 in check-in order.
    public var badge: Int
    /// The visitor's name (never empty).
    public var name: String
    /// Their company (may be empty).
    public var company: String
    /// Who they visit (may be empty).
    public var host: String
    /// Why they come.
    public var kind: Kind
    /// Whether they asked for a parking pass.
    public var needsParking: Bool

    /// The row's second line: company, host, kind and parking, whichever are given, in the
    /// app's language.
    @MainActor public var details: String {
        var parts: [String] = []
        if !company.isEmpty { parts.append(company) }
        if !host.isEmpty { parts.append(localized("visiting %@", host)) }
        parts.append(kind.title)
        if needsParking { parts.append(localized("parking")) }
        return parts.joined(separator: " · ")
    }
}
