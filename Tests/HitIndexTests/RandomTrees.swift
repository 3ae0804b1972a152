import SeededGenerators

@testable import ResponderKit

/// Random trees, points and mutations for the index's property tests, from `SplitMix64` seeds.
extension SplitMix64 {
    /// A coordinate: mostly whole numbers (edges line up, as in real layouts), some halves, some
    /// arbitrary decimals, occasionally negative or sticking out.
    mutating func coordinate(_ extent: Double) -> Double {
        let base = unit() * extent * 1.1 - extent * 0.05
        switch int(0...9) {
        case 0...5: return base.rounded()
        case 6: return (base * 2).rounded() / 2
        case 7: return (base * 100).rounded() / 100
        default: return base
        }
    }
}

// View classes that answer hit testing their own ways (the index must call them).

/// The seed's CloseButton idea: a touch area enlarged beyond the bounds (no call to super).
final class EnlargedView: View {
    var outset = 12.0
    override func point(inside point: Point, with event: Event?) -> Bool {
        bounds.insetBy(dx: -outset, dy: -outset).contains(point)
    }
}

/// Calls super and then narrows: only the left half counts.
final class LeftHalfView: View {
    override func point(inside point: Point, with event: Event?) -> Bool {
        super.point(inside: point, with: event) && point.x < bounds.midX
    }
}

/// Redirects its hits: a hit on it answers its first subview, and it ignores its own flags.
final class RedirectingView: View {
    override func hitTest(_ point: Point, with event: Event?) -> View? {
        guard bounds.contains(point) else { return nil }
        return subviews.first ?? self
    }
}

/// Passes touches through itself but not its subviews (a common overlay pattern).
final class PassThroughView: View {
    override func hitTest(_ point: Point, with event: Event?) -> View? {
        let hit = super.hitTest(point, with: event)
        return hit === self ? nil : hit
    }
}

/// A plain subclass that overrides nothing about hit testing and declares it (must stay on the
/// fast path).
class PlainSubclassView: View {
    override class var standardHitTestingClass: View.Type { PlainSubclassView.self }
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {}
}

/// A plain subclass that overrides nothing about hit testing but does not declare it: the index
/// asks it through its own `hitTest` (slower, same answers).
final class UndeclaredPlainView: View {
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {}
}

/// Inherits `PlainSubclassView`'s declaration without redeclaring: the declaration names its
/// parent, so it is custom.
final class UndeclaredSubclassView: PlainSubclassView {}

/// A subclass of a declared class that narrows its hit area: custom (its inherited declaration
/// names its parent), so the index calls its override.
final class NarrowedPlainSubclassView: PlainSubclassView {
    override func point(inside point: Point, with event: Event?) -> Bool {
        super.point(inside: point, with: event) && point.y < bounds.midY
    }
}

@MainActor
enum RandomTrees {
    static let width = 400.0
    static let height = 300.0

    /// A window with a random tree of about `size` views.
    static func make(seed: UInt64, size: Int) -> (Window, [View]) {
        var rng = SplitMix64(seed: seed)
        let window = Window(frame: Rect(x: 0, y: 0, width: width, height: height))
        window.isHidden = false
        var all: [View] = []
        var parents: [View] = [window]
        while all.count < size {
            let parent = rng.chance(0.7) ? rng.pick(parents) : (parents.last ?? window)
            let view = randomView(&rng, in: parent)
            parent.addSubview(view)
            all.append(view)
            if rng.chance(0.45) { parents.append(view) }
        }
        return (window, all)
    }

    static func randomView(_ rng: inout SplitMix64, in parent: View) -> View {
        let extentW = max(20, parent.bounds.width), extentH = max(20, parent.bounds.height)
        let w = max(0, rng.coordinate(extentW * 0.6)), h = max(0, rng.coordinate(extentH * 0.6))
        let frame = Rect(x: rng.coordinate(extentW) - w / 4, y: rng.coordinate(extentH) - h / 4, width: w, height: h)
        let view: View
        switch rng.int(0...19) {
        case 0: view = EnlargedView(frame: frame)
        case 1: view = LeftHalfView(frame: frame)
        case 2: view = RedirectingView(frame: frame)
        case 3: view = PassThroughView(frame: frame)
        case 4:
            // Split by the (finite) width, not the generator, so the seeds' trees stay as they were.
            switch Int(frame.width.magnitude) % 4 {
            case 0: view = PlainSubclassView(frame: frame)
            case 1: view = UndeclaredPlainView(frame: frame)
            case 2: view = UndeclaredSubclassView(frame: frame)
            default: view = NarrowedPlainSubclassView(frame: frame)
            }
        case 5: view = Button(frame: frame)
        case 6: view = Label(frame: frame)
        default: view = View(frame: frame)
        }
        randomizeFlags(&rng, view)
        if rng.chance(0.06) { view.transform = randomTransform(&rng) }
        if rng.chance(0.05) { view.bounds.origin = Point(x: rng.coordinate(30) - 15, y: rng.coordinate(30) - 15) }
        return view
    }

    static func randomizeFlags(_ rng: inout SplitMix64, _ view: View) {
        view.isHidden = rng.chance(0.06)
        view.isUserInteractionEnabled = view is Label ? false : !rng.chance(0.06)
        switch rng.int(0...19) {
        case 0: view.alpha = 0
        case 1: view.alpha = 0.01
        case 2: view.alpha = 0.009
        case 3: view.alpha = 0.5
        default: view.alpha = 1
        }
    }

    static func randomTransform(_ rng: inout SplitMix64) -> AffineTransform {
        switch rng.int(0...3) {
        case 0: return AffineTransform(scaleX: 0.5 + rng.unit(), y: 0.5 + rng.unit())
        case 1: return AffineTransform(rotationAngle: rng.unit() * 6.283)
        case 2: return AffineTransform(translationX: rng.coordinate(20) - 10, y: rng.coordinate(20) - 10)
        default: return AffineTransform(scaleX: 0, y: 1)  // singular: hits nothing
        }
    }

    /// Query points: uniform (whole and fractional), and exactly on (and one ulp off) view edges.
    static func points(_ rng: inout SplitMix64, window: Window, views: [View], count: Int) -> [Point] {
        var result: [Point] = []
        result.reserveCapacity(count)
        while result.count < count {
            switch rng.int(0...3) {
            case 0:
                result.append(Point(x: rng.unit() * width * 1.1 - width * 0.05, y: rng.unit() * height * 1.1 - height * 0.05))
            case 1:
                result.append(Point(x: (rng.unit() * width).rounded(), y: (rng.unit() * height).rounded()))
            default:
                let view = rng.pick(views)
                guard view.window === window else { continue }
                let b = view.bounds
                let corner = Point(x: rng.chance(0.5) ? b.minX : b.maxX, y: rng.chance(0.5) ? b.minY : b.maxY)
                var p = view.convert(corner, to: nil)
                if rng.chance(0.3) { p.x = rng.chance(0.5) ? p.x.nextUp : p.x.nextDown }
                if rng.chance(0.3) { p.y = rng.chance(0.5) ? p.y.nextUp : p.y.nextDown }
                if rng.chance(0.3) { p.y = rng.unit() * height }
                result.append(p)
            }
        }
        return result
    }

    /// One random mutation of the kinds the index must follow incrementally.
    static func mutate(_ rng: inout SplitMix64, window: Window, views: inout [View]) -> String {
        let view = rng.pick(views)
        switch rng.int(0...13) {
        case 0:
            view.frame = view.frame.offsetBy(dx: rng.coordinate(40) - 20, dy: rng.coordinate(40) - 20)
            return "move"
        case 1:
            var f = view.frame
            f.size = Size(width: max(0, rng.coordinate(200)), height: max(0, rng.coordinate(150)))
            view.frame = f
            return "resize"
        case 2:
            view.bounds.origin = Point(x: rng.coordinate(40) - 20, y: rng.coordinate(40) - 20)
            return "scroll"
        case 3:
            view.transform = rng.chance(0.5) ? .identity : randomTransform(&rng)
            return "transform"
        case 4:
            view.isHidden.toggle()
            return "hidden"
        case 5:
            view.alpha = rng.pick([0, 0.009, 0.01, 0.3, 1])
            return "alpha"
        case 6:
            view.isUserInteractionEnabled.toggle()
            return "interaction"
        case 7:
            view.removeFromSuperview()
            return "remove"
        case 8:
            // Re-add somewhere (possibly a removed view, possibly under a new parent).
            let candidates = [window] + views.filter { $0.window === window && !$0.isDescendant(of: view) }
            let parent = rng.pick(candidates)
            parent.insertSubview(view, at: rng.int(0...parent.subviews.count))
            return "insert"
        case 9:
            if let parent = view.superview { parent.bringSubviewToFront(view) }
            return "front"
        case 10:
            if let parent = view.superview { parent.sendSubviewToBack(view) }
            return "back"
        case 11:
            let fresh = randomView(&rng, in: view)
            view.addSubview(fresh)
            views.append(fresh)
            return "add"
        case 12:
            if let parent = view.superview, parent.subviews.count > 1 {
                parent.exchangeSubview(at: 0, withSubviewAt: parent.subviews.count - 1)
            }
            return "exchange"
        default:
            view.center = Point(x: rng.coordinate(width), y: rng.coordinate(height))
            return "center"
        }
    }
}
