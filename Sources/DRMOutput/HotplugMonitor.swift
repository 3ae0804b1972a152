import CDRM

#if canImport(Glibc)
import Glibc
#endif

/// Connector hotplug news: a udev monitor on the `drm` subsystem (`udev_monitor_new_from_netlink`
/// with udev's own events when udevd runs, else the kernel's; `udev_monitor_receive_device`). The
/// host's loop watches `fileDescriptor`; `drain()` says whether a change event came for a card.
final class HotplugMonitor {
    private let udev: OpaquePointer
    private let monitor: OpaquePointer
    /// Readable when a `drm` uevent is queued.
    let fileDescriptor: Int32

    /// Nil when udev or its netlink socket cannot be had (then hotplug goes unnoticed).
    init?() {
        guard let udev = udev_new() else { return nil }
        let source = access("/run/udev/control", F_OK) == 0 ? "udev" : "kernel"
        guard let monitor = udev_monitor_new_from_netlink(udev, source) else {
            udev_unref(udev)
            return nil
        }
        udev_monitor_filter_add_match_subsystem_devtype(monitor, "drm", nil)
        guard udev_monitor_enable_receiving(monitor) >= 0 else {
            udev_monitor_unref(monitor)
            udev_unref(udev)
            return nil
        }
        self.udev = udev
        self.monitor = monitor
        fileDescriptor = udev_monitor_get_fd(monitor)
    }

    deinit {
        udev_monitor_unref(monitor)
        udev_unref(udev)
    }

    /// Reads every queued event; true when one was a `change` of a card (a connector hotplug,
    /// `HOTPLUG=1`).
    func drain() -> Bool {
        var changed = false
        while let device = udev_monitor_receive_device(monitor) {
            let action = udev_device_get_action(device).map { String(cString: $0) }
            if action == "change" { changed = true }
            udev_device_unref(device)
        }
        return changed
    }
}
