/// One pointer device's state in the core: where the cursor is, which buttons are held, the touch
/// its primary button opened, and the view it hovers.
@MainActor
struct PointerState {
    var location: Point = .zero
    var windowRef: WindowRef?
    var window: Window? {
        get { windowRef?.value }
        set { windowRef = newValue.map(WindowRef.init) }
    }
    var pressedButtons: Set<Int> = []
    /// The slot of the `.indirectPointer` touch opened by the primary button, while held.
    var touchSlot: Int?
    /// The window that touch went down in: its motion and its end go there even when the cursor
    /// moves on to another window (a touch keeps its window for life).
    var touchWindowRef: WindowRef?
    var touchWindow: Window? {
        get { touchWindowRef?.value }
        set { touchWindowRef = newValue.map(WindowRef.init) }
    }
    weak var hoveredView: View?
}

/// evdev pointer button codes (linux/input-event-codes.h).
public enum PointerButton {
    /// `BTN_LEFT`, the primary button: a click is an `.indirectPointer` touch.
    public static let left = 0x110
    /// `BTN_RIGHT`.
    public static let right = 0x111
    /// `BTN_MIDDLE`.
    public static let middle = 0x112
}
