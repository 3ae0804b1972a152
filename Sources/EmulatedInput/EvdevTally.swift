/// What a stream of evdev frames asks libinput to report: touch downs and ups, key presses and
/// button presses, counted the way the kernel protocol defines them, so a replay can compare what
/// it wrote with what libinput delivered and report a difference instead of losing input silently.
public struct EvdevTally: Hashable, Sendable {
    /// Touches that began: a multitouch slot's `ABS_MT_TRACKING_ID` going from -1 to an id, or
    /// `BTN_TOUCH` pressed on a single-touch device.
    public private(set) var touchDowns = 0
    /// Touches that ended (`ABS_MT_TRACKING_ID` -1, or `BTN_TOUCH` released).
    public private(set) var touchUps = 0
    /// Keyboard keys pressed (`EV_KEY` value 1, outside the button range 0x100–0x15f).
    public private(set) var keyPresses = 0
    /// Mouse buttons pressed (`BTN_LEFT`…`BTN_TASK`, value 1).
    public private(set) var buttonPresses = 0
    /// Every event counted, `SYN_REPORT`s included.
    public private(set) var events = 0

    private let multitouch: Bool
    private var slot = 0
    private var activeSlots: Set<Int> = []
    private var singleTouchDown = false

    /// A tally for a device with `spec`'s axes (multitouch when it has `ABS_MT_TRACKING_ID`).
    public init(spec: EvdevDeviceSpec) {
        multitouch = spec.axes[EvdevCode.ABS_MT_TRACKING_ID] != nil
    }

    /// Counts one frame's events.
    /// - Complexity: O(events).
    public mutating func add(_ frame: [EvdevEvent]) {
        for event in frame {
            events += 1
            let code = Int(event.code)
            switch Int(event.type) {
            case EvdevCode.EV_ABS where multitouch:
                if code == EvdevCode.ABS_MT_SLOT {
                    slot = Int(event.value)
                } else if code == EvdevCode.ABS_MT_TRACKING_ID {
                    if event.value >= 0, activeSlots.insert(slot).inserted {
                        touchDowns += 1
                    } else if event.value < 0, activeSlots.remove(slot) != nil {
                        touchUps += 1
                    }
                }
            case EvdevCode.EV_KEY:
                if code == EvdevCode.BTN_TOUCH {
                    guard !multitouch else { break }
                    if event.value == 1, !singleTouchDown {
                        singleTouchDown = true
                        touchDowns += 1
                    } else if event.value == 0, singleTouchDown {
                        singleTouchDown = false
                        touchUps += 1
                    }
                } else if (0x110...0x117).contains(code) {
                    if event.value == 1 { buttonPresses += 1 }
                } else if code < 0x100 || code >= 0x160 {
                    if event.value == 1 { keyPresses += 1 }
                }
            default:
                break
            }
        }
    }
}
