import CLinux
import Dispatch
import ResponderKit

#if canImport(Glibc)
import Glibc
#endif

/// The kiosk's main loop: one `epoll` on the main thread over the input sources' fds, a `timerfd`
/// armed for the core's next timer, libdispatch's main-queue fd (so `@MainActor` tasks run) and a
/// `signalfd` for SIGINT/SIGTERM (plus a self-pipe for when the kernel hands the signal to another
/// thread that does not block it, e.g. one libdispatch started earlier).
///
/// Each wake-up runs, in order: input (every ready source) → routing (sources hand events to
/// `Application.handle` as they read them) → main-queue work → due timers → the `beforeWaiting`
/// hooks (layout, render, commit). It sleeps in `epoll_wait` between wake-ups: no busy waiting.
/// Measured by `inputbench`: our share of write → `touchesBegan` is ~6 µs p50, ~21–34 µs p99.
@MainActor
public final class MainLoop {
    /// Why `run()` returned.
    public enum StopReason: Equatable, Sendable {
        /// SIGINT or SIGTERM arrived (the signal's number).
        case signal(Int32)
        /// `stop()` was called, the `until` deadline passed, or `epoll_wait` failed.
        case requested
    }

    /// The loop could not be set up (`epoll_create1`, `timerfd_create`, `signalfd`, the signal pipe) or watch an fd (`epoll_ctl`).
    public struct Failure: Error, CustomStringConvertible {
        /// The failed call and the system's reason (`strerror`).
        public let message: String
        /// The message.
        public var description: String { message }
    }

    /// The application whose due timers each wake-up fires; the timerfd is armed for its next one.
    public let application: Application
    /// Called once per wake-up after input, main-queue work and timers: layout and rendering.
    public var beforeWaiting: [@MainActor () -> Void] = []

    private let epoll: Int32
    private let timer: Int32
    private let signals: Int32
    private let mainQueue: Int32
    private var sources: [Int32: @MainActor () -> Void] = [:]
    /// The handlers of the signals routed through the signal pipe (`addSignalHandler`).
    private var signalHandlers: [Int32: @MainActor () -> Void] = [:]
    private var stopReason: StopReason?
    private var armedDeadline: Double?
    /// The hook `runOnceIdle` armed, and the quiet time it waits for (seconds).
    private var idleHook: (quiet: Double, hook: @MainActor () -> Void)?

    /// Creates the epoll set (`epoll_create1`, `timerfd_create`, `signalfd`,
    /// `_dispatch_get_main_queue_handle_4CF`); blocks SIGINT and SIGTERM on this thread so they
    /// arrive on the signalfd (a clean shutdown instead of death mid-frame). Create it on the main
    /// thread before starting threads of your own, so they inherit the blocked mask.
    public init(application: Application) throws {
        self.application = application
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        timer = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
        var mask = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, SIGINT)
        sigaddset(&mask, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &mask, nil)
        signals = signalfd(-1, &mask, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
        mainQueue = MainQueue.handle()
        guard epoll >= 0, timer >= 0, signals >= 0, SignalPipe.install() else {
            throw Failure(message: "cannot create the main loop: \(String(cString: strerror(errno)))")
        }
        try watch(timer)
        try watch(signals)
        try watch(SignalPipe.readEnd)
        if mainQueue >= 0 { try watch(mainQueue) }
    }

    deinit {
        close(epoll)
        close(timer)
        close(signals)
    }

    /// Watches `fd` for readability and calls `handler` when it is (`epoll_ctl(EPOLL_CTL_ADD)`).
    public func addSource(_ fd: Int32, _ handler: @escaping @MainActor () -> Void) throws {
        try watch(fd)
        sources[fd] = handler
    }

    /// Stops watching `fd` and forgets its handler (`epoll_ctl(EPOLL_CTL_DEL)`); the caller still owns the fd.
    public func removeSource(_ fd: Int32) {
        sources[fd] = nil
        epoll_ctl(epoll, EPOLL_CTL_DEL, fd, nil)
    }

    /// Runs `hook` once, at the first moment the loop has waited `quiet` seconds without any
    /// wake-up (no input, queue work, timer or signal): idle time, for work that must not delay
    /// what is pending — the host's warm-up after its first frame. While it is armed each wait is
    /// `epoll_wait` with a timeout of `quiet`, so it costs the one wake-up that runs it; after it,
    /// the loop waits without a timeout again. Arming it again replaces the earlier hook.
    public func runOnceIdle(after quiet: Double, _ hook: @escaping @MainActor () -> Void) {
        idleHook = (max(0, quiet.isFinite ? quiet : 0), hook)
    }

    /// Whether a `runOnceIdle` hook is waiting for its quiet time.
    public var hasIdleHook: Bool { idleHook != nil }

    /// Makes `run()` return after the current wake-up.
    public func stop() { stopReason = .requested }

    /// Runs until `stop()` or SIGINT/SIGTERM; returns why it stopped. With `until`, also returns
    /// (as `.requested`) once the monotonic clock passes that time.
    /// - Complexity: per wake-up, O(ready fds) plus what the handlers, timers and hooks do.
    @discardableResult
    public func run(until deadline: Double? = nil) -> StopReason {
        stopReason = nil
        var events = [epoll_event](repeating: epoll_event(), count: 16)
        while stopReason == nil {
            armTimer(for: deadline)
            let timeout = idleHook.map { Int32(clamping: Int(($0.quiet * 1000).rounded(.up))) } ?? -1
            let n = epoll_wait(epoll, &events, Int32(events.count), timeout)
            if n < 0 {
                if errno == EINTR { continue }
                break
            }
            // 0. Quiet for the idle hook's time: it runs now, once (then the usual steps, a no-op).
            if n == 0, let idle = idleHook {
                idleHook = nil
                idle.hook()
            }
            var sawQueue = false
            // 1. Input: each ready source reads and routes (sources call Application.handle).
            for i in 0..<Int(n) {
                let fd = events[i].data.fd
                if fd == timer { drain(timer); continue }
                if fd == mainQueue { sawQueue = true; continue }
                if fd == signals { readSignal(); continue }
                if fd == SignalPipe.readEnd { readSignalPipe(); continue }
                sources[fd]?()
            }
            // 2. Work queued on the main queue (@MainActor tasks).
            if sawQueue {
                drain(mainQueue)
                MainQueue.drain(nil)
            }
            // 3. Timers (the core's clock is CLOCK_MONOTONIC in a running app). Checked on every
            //    wake-up: a timer due by now fires even when its timerfd tick is still in flight.
            application.timers.fireDue(now: application.clock.now)
            // 4. Layout and rendering.
            for hook in beforeWaiting { hook() }
            if let deadline, MonotonicClock().now >= deadline, stopReason == nil { stopReason = .requested }
        }
        return stopReason ?? .requested
    }

    private func watch(_ fd: Int32) throws {
        var event = epoll_event(events: EPOLLIN.rawValue, data: epoll_data_t(fd: fd))
        guard epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event) == 0 else {
            throw Failure(message: "epoll_ctl(ADD, fd \(fd)) failed: \(String(cString: strerror(errno)))")
        }
    }

    /// Arms the timerfd (absolute CLOCK_MONOTONIC) for the earlier of the next core timer and
    /// `deadline`; disarms it when neither exists (`timerfd_settime`).
    private func armTimer(for deadline: Double?) {
        let next = [application.timers.nextDeadline, deadline].compactMap { $0 }.min()
        guard next != armedDeadline else { return }
        armedDeadline = next
        var spec = itimerspec()
        if let next {
            // A zero it_value disarms: never ask for time 0, fire "now" instead. A far deadline (a
            // timer meant as "never", +infinity) is armed at most 1e9 s (~31 years) out: `Int(_:)`
            // traps beyond its range, and an early wake-up finds nothing due and re-arms.
            let t = min(max(next, 1e-9), 1e9)
            spec.it_value.tv_sec = Int(t)
            spec.it_value.tv_nsec = Int((t - Double(Int(t))) * 1e9)
        }
        timerfd_settime(timer, Int32(TFD_TIMER_ABSTIME), &spec, nil)
    }

    private func drain(_ fd: Int32) {
        var value: UInt64 = 0
        _ = read(fd, &value, 8)
        if fd == timer { armedDeadline = nil }
    }

    /// Calls `handler` on the main thread, at a wake-up, whenever signal `number` arrives (the
    /// process's one signal pipe: `signal`, then a byte written to the pipe the loop watches).
    /// SIGINT and SIGTERM are the loop's own: they stop it.
    public func addSignalHandler(_ number: Int32, _ handler: @escaping @MainActor () -> Void) throws {
        guard number != SIGINT, number != SIGTERM else {
            throw Failure(message: "signal \(number) stops the main loop; it takes no handler")
        }
        guard SignalPipe.install([number]) else {
            throw Failure(message: "cannot route signal \(number) to the main loop: \(String(cString: strerror(errno)))")
        }
        signalHandlers[number] = handler
    }

    /// The signal pipe is readable: SIGINT/SIGTERM stop the loop, the others run their handlers.
    private func readSignalPipe() {
        SignalPipe.drain { number in
            if number == SIGINT || number == SIGTERM {
                stopReason = .signal(number)
            } else {
                signalHandlers[number]?()
            }
        }
    }

    private func readSignal() {
        var info = signalfd_siginfo()
        while read(signals, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            stopReason = .signal(Int32(info.ssi_signo))
        }
    }
}
