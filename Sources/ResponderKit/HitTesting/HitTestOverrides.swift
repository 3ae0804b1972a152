/// Learns, per class and automatically, whether a `View` subclass overrides `hitTest(_:with:)` or
/// `point(inside:with:)`, so the index can treat such views as black boxes (their own method is
/// called) and every other view as plain geometry.
///
/// How: Swift dispatches `open` methods through the class's vtable, and a subclass that does not
/// override a method carries its superclass's implementation pointer in that slot. At first use the
/// detector finds the two slots by comparing the metadata of private probe subclasses (one
/// overriding nothing, one overriding each method); a class overrides a method exactly when its
/// slot differs from `View`'s. The result is cached per class. If the metadata does not look as
/// expected (a future runtime), detection turns itself off and every class other than the
/// framework's own is treated as overriding: slower, never wrong. The probes are re-classified
/// with the found slots in every build (release too) before detection is trusted.
///
/// Why the metadata and not something the language promises: Swift offers no way to ask whether
/// a subclass overrides a method. A declaration the override must make (a class property, a
/// registration) is not automatic — an app that forgets it would have its override skipped — and
/// calling the method to see whether the base implementation is reached cannot tell an override
/// that calls `super` and adjusts the answer from no override. So the layout is read, validated
/// against the probes at first use, and the conservative answer is taken on any doubt.
@MainActor
enum HitTestOverrides {
    private struct Slots {
        let pointInside: Int
        let hitTest: Int
    }

    /// Which of the two methods a class overrides.
    struct Overrides: OptionSet {
        let rawValue: UInt8
        static let hitTest = Overrides(rawValue: 1)
        static let pointInside = Overrides(rawValue: 2)
    }

    /// The detected slots, kept only when they classify the probe classes as they are written —
    /// checked in every build, release included: any disagreement turns detection off.
    private static let slots: Slots? = {
        guard let found = detectSlots(), probesAgree(found) else { return nil }
        return found
    }()
    private static var cache: [ObjectIdentifier: Overrides] = [:]

    /// What `type` overrides (both, when detection is unavailable and `type` is not the
    /// framework's own).
    /// - Complexity: O(1) after the first query for a class.
    static func overrides(_ type: View.Type) -> Overrides {
        let id = ObjectIdentifier(type)
        if let known = cache[id] { return known }
        let found = classify(type)
        cache[id] = found
        return found
    }

    /// Whether instances of `type` may answer hit testing differently from the default rule.
    static func isCustom(_ type: View.Type) -> Bool { !overrides(type).isEmpty }

    /// True when the automatic detection works on this runtime (reported by hitbench).
    static var detectionAvailable: Bool { slots != nil }

    private static func classify(_ type: View.Type) -> Overrides {
        if type == View.self || type == Window.self { return [] }
        guard let slots else { return [.hitTest, .pointInside] }
        return classify(type, slots: slots)
    }

    private static func classify(_ type: View.Type, slots: Slots) -> Overrides {
        guard let base = metadataWords(View.self), let mine = metadataWords(type),
            mine.count > max(slots.pointInside, slots.hitTest)
        else { return [.hitTest, .pointInside] }
        var found: Overrides = []
        if mine.pointer[slots.pointInside] != base.pointer[slots.pointInside] { found.insert(.pointInside) }
        if mine.pointer[slots.hitTest] != base.pointer[slots.hitTest] { found.insert(.hitTest) }
        return found
    }

    /// Whether `slots` classify the probes as they are written: plain, point-inside only, hit-test
    /// only, and both (a subclass of the point-inside probe that also overrides `hitTest`).
    private static func probesAgree(_ slots: Slots) -> Bool {
        classify(ProbePlainView.self, slots: slots).isEmpty
            && classify(ProbePointInsideView.self, slots: slots) == .pointInside
            && classify(ProbeHitTestView.self, slots: slots) == .hitTest
            && classify(ProbeBothView.self, slots: slots) == [.hitTest, .pointInside]
            && classify(ProbeInheritingView.self, slots: slots) == .pointInside
    }

    /// The class metadata as machine words, sized by its `ClassSize`/`ClassAddressPoint` fields
    /// (byte offsets 32 and 36 of Swift class metadata on platforms without Objective-C interop).
    ///
    /// The one raw metadata read of the core. Why it is kept: without it every app subclass of
    /// `View` (every `Button`, `Label`, custom view) would have to be treated as overriding hit
    /// testing, so each would root an index space of its own and be asked through its own method.
    /// Invariant: `type` is a Swift class (its metadata is at least `ClassAddressPoint` +
    /// `ClassSize` bytes, read only within that size, itself sanity-bounded to 1 MiB), and the
    /// layout is the stable Swift ABI's; the probes validate the slots at first use (any surprise
    /// turns detection off, which is slower and never wrong) and `probesAgree` re-checks in debug.
    private static func metadataWords(_ type: AnyClass) -> (pointer: UnsafePointer<UInt>, count: Int)? {
        let raw = unsafeBitCast(type, to: UnsafeRawPointer.self)
        let classSize = Int(raw.load(fromByteOffset: 32, as: UInt32.self))
        let addressPoint = Int(raw.load(fromByteOffset: 36, as: UInt32.self))
        guard classSize > addressPoint, classSize - addressPoint < 1 << 20 else { return nil }
        return (raw.assumingMemoryBound(to: UInt.self), (classSize - addressPoint) / MemoryLayout<UInt>.size)
    }

    private static func detectSlots() -> Slots? {
        guard let base = metadataWords(View.self), let plain = metadataWords(ProbePlainView.self),
            let point = metadataWords(ProbePointInsideView.self), let hit = metadataWords(ProbeHitTestView.self),
            plain.count >= base.count, point.count >= base.count, hit.count >= base.count
        else { return nil }
        var pointSlots: [Int] = [], hitSlots: [Int] = []
        for i in 2..<base.count where base.pointer[i] == plain.pointer[i] {
            if point.pointer[i] != plain.pointer[i] { pointSlots.append(i) }
            if hit.pointer[i] != plain.pointer[i] { hitSlots.append(i) }
        }
        guard pointSlots.count == 1, hitSlots.count == 1, pointSlots[0] != hitSlots[0] else { return nil }
        return Slots(pointInside: pointSlots[0], hitTest: hitSlots[0])
    }
}

// Probes: they exist only for their metadata.
private final class ProbePlainView: View {}
private final class ProbePointInsideView: View {
    override func point(inside point: Point, with event: Event?) -> Bool { false }
}
private final class ProbeHitTestView: View {
    override func hitTest(_ point: Point, with event: Event?) -> View? { nil }
}
private class ProbePointInsideBase: View {
    override func point(inside point: Point, with event: Event?) -> Bool { false }
}
private final class ProbeBothView: ProbePointInsideBase {
    override func hitTest(_ point: Point, with event: Event?) -> View? { nil }
}
private final class ProbeInheritingView: ProbePointInsideBase {}
