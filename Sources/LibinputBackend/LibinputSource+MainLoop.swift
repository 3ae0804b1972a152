import KioskLoop

/// libinput on the main loop: the libinput fd (`libinput_get_fd`) and, when devices go through
/// libseat, the seat fd (`libseat_get_fd`) are watched; readable means `dispatch()` or
/// `dispatchSeat()`.
extension LibinputSource: MainLoopSource {
    /// The libinput fd, then the libseat fd when devices go through libseat.
    public var fileDescriptors: [Int32] { [fileDescriptor] + (seatFileDescriptor.map { [$0] } ?? []) }

    /// Runs `dispatchSeat()` when `fd` is the seat's, `dispatch()` otherwise.
    public func dispatch(fileDescriptor fd: Int32) {
        if fd == seatFileDescriptor { dispatchSeat() } else { dispatch() }
    }

    /// Nothing to do between wake-ups: libinput delivers as it reads.
    public func beforeWaiting() {}
}
