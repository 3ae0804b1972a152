/// Immortal storage for a C listener struct: libwayland keeps its address for the proxy's life,
/// so each table is allocated once and never freed (`wl_proxy_add_listener`).
struct ListenerTable<T>: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<T>
    init(_ value: T) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: value)
    }
}
