/// Why the libinput source could not start. Every case names the device or seat and the fix.
public enum LibinputError: Error, CustomStringConvertible, Equatable {
    /// `path` could not be opened for lack of permission (EACCES, EPERM, EROFS).
    case permissionDenied(path: String)
    /// `path` does not exist or has no device behind it (ENOENT, ENODEV, ENXIO, ENOTDIR).
    case noSuchDevice(path: String)
    /// libinput cannot use `path`: not an evdev device, not tagged by udev as one, or opening it failed for another reason.
    case notAnInputDevice(path: String)
    /// `udev_new` failed.
    case udevUnavailable
    /// `libinput_udev_assign_seat` failed for this seat.
    case seatUnavailable(String)
    /// `libinput_udev_create_context` or `libinput_path_create_context` returned nil.
    case contextFailed
    /// `seatAccess: .libseat` but libseat.so.1 cannot be loaded (the `dlopen` error).
    case libseatUnavailable(String)
    /// libseat found no seat to open (no seatd socket, no logind session) or it never became active.
    case noSeatAccess(String)
    /// libinput.so.10 or libudev.so.1 could not be loaded (the `dlopen` error): they are opened when
    /// the first source starts, not at exec.
    case libraryUnavailable(String)

    /// What failed, on which device or seat, and how to fix it.
    public var description: String {
        switch self {
        case .permissionDenied(let path):
            return "permission denied opening \(path): run as root, or add the user to the 'input' group "
                + "(sudo usermod -aG input $USER, then log in again), or grant access with a udev rule (TAG+=\"uaccess\")"
        case .noSuchDevice(let path):
            return "no such device: \(path) (list devices with `ls /dev/input/` or `libinput list-devices`)"
        case .notAnInputDevice(let path):
            return "libinput cannot use \(path): not an evdev input device, or not tagged by udev as one "
                + "(LibinputConfiguration.verboseLibinputLog / input-trace --verbose shows libinput's reason)"
        case .udevUnavailable:
            return "udev is unavailable (udev_new failed); use --device PATH instead"
        case .seatUnavailable(let seat):
            return "cannot assign udev seat '\(seat)' (libinput_udev_assign_seat failed)"
        case .contextFailed:
            return "libinput could not create a context"
        case .libseatUnavailable(let reason):
            return "libseat is not installed (\(reason)): install it (apt-get install libseat1 seatd), "
                + "or open devices directly (LibinputConfiguration.seatAccess = .direct) as root or in the 'input' group"
        case .noSeatAccess(let reason):
            return "no seat available through libseat (\(reason)): run seatd (seatd -g video, user in that group) "
                + "or use a systemd-logind session, or run as root / add the user to the 'input' group "
                + "(sudo usermod -aG input $USER) with LibinputConfiguration.seatAccess = .direct"
        case .libraryUnavailable(let reason):
            return "libinput cannot be loaded (\(reason)): install it (apt-get install libinput10 libudev1)"
        }
    }
}
