/// Keeps where a window's touches went down (and where pointer buttons were pressed): the points
/// a `HitTestDump` of the live app benchmarks with, so `hitbench` measures the hits the app
/// really served.
///
/// It watches the application's routed input (`Application.addInputObserver`); its storage is
/// reserved up front, so recording allocates nothing per event. Beyond `capacity` it keeps the
/// most recent points, overwriting the oldest.
@MainActor
public final class HitPointRecorder {
    /// The window whose points are kept.
    public private(set) weak var window: Window?
    /// The most points kept.
    public let capacity: Int
    private var storage: [Point] = []
    /// The next slot to overwrite once `storage` is full.
    private var next = 0
    /// Where each pointer device's cursor is (pointer buttons press there).
    private var cursor = Point.zero

    /// Starts recording `window`'s touch downs and button presses (`capacity` ≥ 1; the shared
    /// benchmark shapes use 100,000 points).
    public init(window: Window, capacity: Int = 100_000) {
        self.window = window
        self.capacity = max(1, capacity)
        storage.reserveCapacity(self.capacity)
        window.application.addInputObserver { [weak self] event in self?.note(event) }
    }

    /// The points, oldest first.
    public var points: [Point] {
        storage.count < capacity ? storage : Array(storage[next...] + storage[..<next])
    }

    /// - Complexity: O(1), no allocation once the first `capacity` points are stored.
    private func note(_ event: InputEvent) {
        guard let window else { return }
        let target = event.window ?? window.application.keyWindow
        guard target === window else { return }
        switch event.kind {
        case let .touchDown(_, location, _): add(location)
        case let .pointerMotion(location): cursor = location
        case .pointerButton(_, true): add(cursor)
        default: break
        }
    }

    private func add(_ point: Point) {
        guard point.x.isFinite, point.y.isFinite else { return }
        if storage.count < capacity {
            storage.append(point)
        } else {
            storage[next] = point
            next = (next + 1) % capacity
        }
    }

    /// Forgets every point, keeping the storage.
    public func removeAll() {
        storage.removeAll(keepingCapacity: true)
        next = 0
    }
}
