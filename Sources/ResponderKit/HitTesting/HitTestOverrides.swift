/// Which `View` classes the hit-testing index may answer for from their frames alone (standard
/// classes), and which it must ask through their own `hitTest(_:with:)` (custom classes), read
/// from each class's `View.standardHitTestingClass` declaration.
///
/// The rule is exact and conservative: a class is standard only when its declaration names the
/// class itself (`ObjectIdentifier(declared) == ObjectIdentifier(type)`). A subclass that does not
/// redeclare inherits its parent's answer, which names the parent, so it is custom: its instances
/// are delegates whose own methods are called. An override of `hitTest`/`point(inside:)` is
/// therefore always honoured unless its class says, wrongly, that it has none. This replaces the
/// earlier detection from the classes' vtable layout (an ABI detail the language does not promise
/// to a library): only what the language guarantees — a class property and its dynamic dispatch —
/// is read.
///
/// The first answer for a class is cached, so a class is classified once (and a declaration that
/// changed its mind later could not make the index inconsistent with itself).
@MainActor
enum HitTestOverrides {
    private static var cache: [ObjectIdentifier: Bool] = [:]

    /// Whether instances of `type` may answer hit testing differently from the default rule: true
    /// unless `type` declares itself standard (`View.standardHitTestingClass` names `type`).
    /// - Complexity: O(1) after the first query for a class (one dictionary lookup).
    static func isCustom(_ type: View.Type) -> Bool {
        let id = ObjectIdentifier(type)
        if let known = cache[id] { return known }
        let custom = ObjectIdentifier(type.standardHitTestingClass) != id
        cache[id] = custom
        return custom
    }

    /// Whether `type` declares the standard rule (the index answers for it from geometry alone).
    /// - Complexity: O(1) after the first query for a class.
    static func isStandard(_ type: View.Type) -> Bool { !isCustom(type) }
}
