import CCairo

#if canImport(Glibc)
import Glibc
#endif

/// The second core's share of a banded frame (see `Renderer.bandRendering`): one thread, created
/// once and kept for the process, that replays a Cairo recording of the lower band into that
/// band's rows of the target while the main thread draws the upper band.
///
/// It is signalled with a pthread mutex and condition variable (`pthread_cond_signal`,
/// `pthread_cond_wait`), not Dispatch: after the thread exists, a frame allocates nothing in
/// Swift (the job is a few words copied under the lock).
///
/// Invariants, which make the `@unchecked Sendable` sound:
/// - `job` and `finished` are read and written only with `mutex` held.
/// - The thread touches no Swift object of the view tree, the renderer or the text engine: it
///   gets a recording surface (`cairo_recording_surface_create`, made and filled on the main
///   thread, not touched by it again until `wait()` returns) and the address of rows of the
///   target that the main thread does not draw into during the frame. Cairo allows separate
///   `cairo_t`s and surfaces on separate threads; the scaled fonts the recording refers to are
///   shared, and Cairo guards them with its own locks.
/// - `wait()` returns only after the thread has destroyed its surface and context, so the
///   caller may free the recording and hand the target back to its output.
final class BandWorker: @unchecked Sendable {
    /// What the thread draws: `recording` replayed into rows `firstRow ..< firstRow + rows` of
    /// the buffer at `base`, clipped to `clip` (target pixels, already inside those rows).
    struct Job {
        var recording: OpaquePointer
        var base: UnsafeMutableRawPointer
        var width: Int
        var stride: Int
        var firstRow: Int
        var rows: Int
        /// The first `clipCount` are the clip; the renderer bands only a repaint of at most
        /// `Job.maximumClipRects` rectangles.
        var clip: (PixelRect, PixelRect, PixelRect, PixelRect, PixelRect, PixelRect, PixelRect, PixelRect)
        var clipCount: Int
        /// Cairo's status after the replay (`CAIRO_STATUS_SUCCESS` when it drew).
        var status = CAIRO_STATUS_SUCCESS

        /// How many clip rectangles a job carries inline (no array, so no allocation per frame).
        static let maximumClipRects = 8
    }

    /// The worker every banded renderer shares (there is one second core to use), started on
    /// first use.
    static let shared = BandWorker()

    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    /// The pending or running job; nil when the thread is idle. Guarded by `mutex`.
    private var job: Job?
    /// Whether the last job's replay has finished. Guarded by `mutex`.
    private var finished = true
    /// Whether the thread was started (pthread_create succeeded); set once, in `init`.
    private(set) var isRunning = false

    private init() {
        mutex = .allocate(capacity: 1)
        condition = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
        var thread = pthread_t()
        // The thread holds the worker for the life of the process (`shared` is never released).
        let context = Unmanaged.passRetained(self).toOpaque()
        isRunning =
            pthread_create(
                &thread, nil,
                { context in
                    Unmanaged<BandWorker>.fromOpaque(context!).takeUnretainedValue().loop()
                }, context) == 0
        if isRunning {
            pthread_detach(thread)
        } else {
            Unmanaged<BandWorker>.fromOpaque(context).release()
        }
    }

    /// Hands `job` to the thread and returns at once.
    /// - Complexity: O(1); one lock and one signal.
    func start(_ job: Job) {
        pthread_mutex_lock(mutex)
        self.job = job
        finished = false
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Blocks until the job given to `start` is drawn; returns its Cairo status.
    func wait() -> cairo_status_t {
        pthread_mutex_lock(mutex)
        while !finished { pthread_cond_wait(condition, mutex) }
        let status = job?.status ?? CAIRO_STATUS_SUCCESS
        job = nil
        pthread_mutex_unlock(mutex)
        return status
    }

    /// The thread's body: wait for a job, draw it, report, forever.
    private func loop() -> Never {
        while true {
            pthread_mutex_lock(mutex)
            while job == nil || finished { pthread_cond_wait(condition, mutex) }
            var current = job!
            pthread_mutex_unlock(mutex)
            current.status = Self.replay(current)
            pthread_mutex_lock(mutex)
            job = current
            finished = true
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
        }
    }

    /// Replays the job's recording into its rows: an image surface over those rows only
    /// (`cairo_image_surface_create_for_data` at the band's first row, its device offset set so
    /// the recording's target coordinates land on them), clipped to the job's rectangles, with
    /// `CAIRO_OPERATOR_SOURCE` (Cairo then replays the recording straight into the rows, as the
    /// drawing would have gone, instead of compositing a copy). Nothing outside the clip is
    /// touched, and no row outside the band can be: the surface does not reach them.
    static func replay(_ job: Job) -> cairo_status_t {
        let rows = job.base.advanced(by: job.firstRow * job.stride).assumingMemoryBound(to: UInt8.self)
        let surface = cairo_image_surface_create_for_data(rows, CAIRO_FORMAT_ARGB32, Int32(job.width), Int32(job.rows), Int32(job.stride))
        defer { cairo_surface_finish(surface); cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return cairo_surface_status(surface) }
        cairo_surface_set_device_offset(surface, 0, Double(-job.firstRow))
        guard let cr = cairo_create(surface) else { return CAIRO_STATUS_NO_MEMORY }
        defer { cairo_destroy(cr) }
        withUnsafeBytes(of: job.clip) { raw in
            let rects = raw.bindMemory(to: PixelRect.self)
            for rect in rects.prefix(job.clipCount) {
                cairo_rectangle(cr, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
            }
        }
        cairo_clip(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, job.recording, 0, 0)
        cairo_paint(cr)
        cairo_surface_flush(surface)
        return cairo_status(cr)
    }
}
