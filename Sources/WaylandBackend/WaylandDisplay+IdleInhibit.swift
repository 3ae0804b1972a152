import CWayland
import CXdgShell
import ResponderKit

extension WaylandDisplay {
    /// Takes the idle inhibit manager (nil: it went away; its inhibitors are destroyed first).
    func setIdleInhibitManager(_ proxy: OpaquePointer?, name: UInt32?) {
        let old = idleInhibitManager
        releaseIdleInhibitors()
        idleInhibitManager = proxy
        idleInhibitManagerName = name
        if let old { zwp_idle_inhibit_manager_v1_destroy(old) }
        updateIdleInhibitors()
    }

    /// While `Application.isIdleTimerDisabled`, every open window's surface holds an inhibitor
    /// (`zwp_idle_inhibit_manager_v1_create_inhibitor`: the compositor neither blanks nor locks
    /// while the surface is visible); otherwise none does (`zwp_idle_inhibitor_v1_destroy`).
    func updateIdleInhibitors() {
        guard let manager = idleInhibitManager, application.isIdleTimerDisabled else {
            releaseIdleInhibitors()
            flush()
            return
        }
        for window in windows where !window.isClosed && idleInhibitors[ObjectIdentifier(window)] == nil {
            guard let surface = window.surface, let inhibitor = zwp_idle_inhibit_manager_v1_create_inhibitor(manager, surface) else { continue }
            idleInhibitors[ObjectIdentifier(window)] = inhibitor
        }
        flush()
    }

    func releaseIdleInhibitors() {
        for inhibitor in idleInhibitors.values { zwp_idle_inhibitor_v1_destroy(inhibitor) }
        idleInhibitors.removeAll()
    }

    /// How many window surfaces hold an idle inhibitor now.
    public var idleInhibitorCount: Int { idleInhibitors.count }
    /// Whether the compositor offers `zwp_idle_inhibit_manager_v1`.
    public var supportsIdleInhibit: Bool { idleInhibitManager != nil }
}
