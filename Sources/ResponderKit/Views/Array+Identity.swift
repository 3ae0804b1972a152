extension Array where Element: AnyObject {
    /// The index of the element that is `object` itself (`===`).
    ///
    /// A plain loop rather than `firstIndex(where:)`: a closure formed in main-actor code and
    /// passed to a non-isolated generic carries a runtime executor check per call, which showed up
    /// on the hit-testing and routing paths.
    /// - Complexity: O(n).
    @inline(__always)
    func firstIndex(identicalTo object: AnyObject) -> Int? {
        var i = 0
        let n = count
        while i < n {
            if self[i] === object { return i }
            i += 1
        }
        return nil
    }

    @inline(__always)
    func containsIdentical(_ object: AnyObject?) -> Bool {
        guard let object else { return false }
        return firstIndex(identicalTo: object) != nil
    }
}
