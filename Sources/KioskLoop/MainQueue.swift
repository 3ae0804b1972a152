/// libdispatch's main-queue hooks for foreign run loops (what CoreFoundation uses): an fd that
/// becomes readable when work is queued on the main queue, and the call that drains it. Driving
/// them from our epoll loop runs `@MainActor` tasks and `DispatchQueue.main` blocks on the main
/// thread without `dispatchMain()`.
enum MainQueue {
    /// The corresponding libdispatch call is `_dispatch_get_main_queue_handle_4CF` (an eventfd on Linux).
    @_silgen_name("_dispatch_get_main_queue_handle_4CF")
    static func handle() -> Int32

    /// The corresponding libdispatch call is `_dispatch_main_queue_callback_4CF`: runs what is queued.
    @_silgen_name("_dispatch_main_queue_callback_4CF")
    static func drain(_ message: UnsafeMutableRawPointer?)
}
