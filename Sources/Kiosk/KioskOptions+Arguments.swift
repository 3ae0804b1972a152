import DRMOutput
import LibinputBackend
import ResponderKit

extension KioskOptions {
    /// The environment variable that turns the latency overlay on (`1`) or off (`0`), or on in a
    /// corner (`top-left`, `top-right`, `bottom-left`, `bottom-right`).
    public static let latencyOverlayVariable = "RK_LATENCY_OVERLAY"

    /// The latency overlay's corner names, for messages.
    static var cornerNames: String { LatencyOverlayView.Corner.allCases.map(\.rawValue).joined(separator: ", ") }

    /// The flags every kiosk app understands (printed by `--help`).
    public static let usage = """
          --target auto|wayland|drm|framebuffer|headless   where to run (also RK_TARGET; default
                                     auto: Wayland when WAYLAND_DISPLAY/WAYLAND_SOCKET is set, else
                                     DRM/KMS, else the framebuffer (both with libinput), else headless)
          --size WIDTHxHEIGHT        window size in points (headless; Wayland before configure)
          --scale N                  pixels per point of headless frames (default 1)
          --rotation 0|90|180|270    turn picture and touch together (DRM, framebuffer)
          --calibration "a b c d e f"  libinput calibration matrix for touchscreens (framebuffer)
          --layout XKB_LAYOUT        keyboard layout for libinput keyboards (framebuffer) and the
                                     on-screen keyboard's keys (every target; default: the
                                     environment's XKB_DEFAULT_LAYOUT, else us)
          --on-screen-keyboard auto|always|never  the built-in keyboard for text fields (default
                                     auto: with a touchscreen and no hardware keyboard, unless the
                                     compositor's input method serves text fields)
          --appearance light|dark    the screen's style: the system colours resolve light or dark
                                     (default light)
          --language TAG             the app's language, e.g. ar, he, de-CH (default: LC_ALL,
                                     LC_MESSAGES or LANG, e.g. LANG=ar_EG.UTF-8; else en)
          --layout-direction auto|ltr|rtl  leading and trailing: auto (default) follows the
                                     language (right to left for Arabic, Hebrew, Persian, Urdu)
          --drm NODE                 DRM card (default: the first /dev/dri/card* with a display)
          --connector NAME           DRM connector, e.g. HDMI-A-1 (default: the first connected,
                                     eDP/DSI/LVDS first)
          --mode WxH[@Hz]            DRM mode (default: the connector's preferred one)
          --drm-legacy               DRM through drmModeSetCrtc + drmModePageFlip even where the
                                     driver offers atomic modesetting
          --fb NODE                  framebuffer node (default /dev/fb0)
          --console TTY|none         the terminal put in graphics mode on the framebuffer (default:
                                     the controlling one, else /dev/tty0)
          --restore-console TTY      only give TTY (e.g. /dev/tty1) back after a kiosk died
                                     without doing so (SIGKILL): text mode, keyboard, VT_AUTO
          --allow-vt-switch          let Ctrl+Alt+Fn and chvt leave the kiosk's VT (DRM, framebuffer; the
                                     kiosk stops drawing and reading input while away); default: VT
                                     lockdown (console keyboard off, switches refused)
          --seat NAME | --device PATH…  libinput devices: a udev seat (default seat0) or nodes
          --script FILE              the headless session to play (default: the app's own)
          --output DIR               where headless PNG frames go (default out/APP)
          --windowed                 a normal window instead of fullscreen (Wayland)
          --no-system-input-method   ignore the compositor's input method (text-input-v3) and keep
                                     the built-in keyboard (Wayland)
          --seconds N                stop after N seconds
          --no-warm-up               do not warm the first interaction's code and glyphs once the
                                     first frame is on screen and the loop is idle (to measure it)
          --blank-after SECONDS      blank the screen after SECONDS without input (DRM: the
                                     CRTC's ACTIVE or DPMS; framebuffer: FBIOBLANK; headless: recorded); the touch, key or click that
                                     wakes it is swallowed. Wayland: the compositor blanks, ignored
          --snapshot PATH            (Wayland) after each presented frame, write the app's own
                                     rendering of it to PATH and print "presented frame N"
          --latency-overlay          draw live latency figures in the top-right corner (also
                                     RK_LATENCY_OVERLAY=1)
          --latency-overlay-corner C the overlay in corner C instead: top-left, top-right,
                                     bottom-left or bottom-right (also RK_LATENCY_OVERLAY=C)
          --screen-reader on|off|auto  the screen reader at start (default off; auto: on while
                                     a headset is in the jack); a three-finger triple tap, the
                                     --screen-reader-key or plugging a headset in starts it
          --screen-reader-key KEY    an evdev key (KEY_F12, KEY_HELP… or its code) that toggles it
          --speech auto|dispatcher|espeak|none  the voice of the screen reader and announcements
                                     (default auto: speech-dispatcher when one answers, else
                                     espeak-ng, else silence with a message)
          --atspi on|off|auto        expose the app to Orca and other assistive technologies on
                                     the AT-SPI2 bus (default auto: when a session bus and the
                                     accessibility bus answer, connected after the first frame)
          --text-size SIZE           the text size (Dynamic Type): xs, s, m, l (default), xl, xxl,
                                     xxxl, or accessibility sizes ax1 … ax5
          --bold-text on|off         draw text bold (default off)
          --high-contrast on|off     the high-contrast colours (default off)
          --reduce-motion on|off     animations become short cross-fades (default off)
          --hit-dump DIR             keep the touch downs as benchmark points and write the live
                                     window as DIR/APP-N.vtree/.points/.hits on SIGUSR1 or
                                     Ctrl+Alt+Shift+D (for hitbench: "benchmark your own app")
        exit status: 0 done; 1 a script left input open (named); 2 bad usage or script; 65 an app's
                     script command failed; 69 a forced target is unavailable; 70 the main loop
                     failed; 73 an output cannot be written (--output, --snapshot, --hit-dump);
                     a Wayland error's own status when the compositor fails
        """

    /// Parses `arguments` over the environment's `RK_TARGET` (`environment` looks a variable up);
    /// throws a message for a bad flag.
    public static func parse(
        _ arguments: [String], appName: String,
        environment: (String) -> String? = ProcessEnvironment.value
    ) throws(ScriptError) -> KioskOptions {
        var options = KioskOptions()
        options.outputFolder = "out/" + appName
        if let forced = environment(KioskTarget.environmentVariable), !forced.isEmpty {
            guard let target = KioskTarget(argument: forced) else {
                throw ScriptError("\(KioskTarget.environmentVariable)='\(forced)' is not one of auto, wayland, drm, framebuffer, headless")
            }
            options.target = target
        }
        if let overlay = environment(KioskOptions.latencyOverlayVariable), !overlay.isEmpty {
            if let corner = LatencyOverlayView.Corner(rawValue: overlay) {
                options.latencyOverlay = true
                options.latencyOverlayCorner = corner
            } else {
                guard overlay == "1" || overlay == "0" else {
                    throw ScriptError("\(KioskOptions.latencyOverlayVariable)='\(overlay)' must be 1, 0 or a corner (\(KioskOptions.cornerNames))")
                }
                options.latencyOverlay = overlay == "1"
            }
        }
        var devices: [String] = []
        var rest = arguments[...]
        func value(_ flag: String) throws(ScriptError) -> String {
            guard let v = rest.popFirst() else { throw ScriptError("\(flag) needs a value") }
            return v
        }
        while let flag = rest.popFirst() {
            switch flag {
            case "--target":
                let v = try value(flag)
                guard let target = KioskTarget(argument: v) else {
                    throw ScriptError("--target must be auto, wayland, drm, framebuffer or headless, got '\(v)'")
                }
                options.target = target
            case "--size":
                let v = try value(flag)
                // Exactly two numbers around one "x": "640xjunkx480" is an error, not 640×480.
                let fields = v.lowercased().split(separator: "x", omittingEmptySubsequences: false)
                let parts = fields.compactMap { Double($0) }
                guard fields.count == 2, parts.count == 2, parts.allSatisfy({ $0 >= 16 && $0 <= 16384 }) else {
                    throw ScriptError("--size must be WIDTHxHEIGHT with sides in 16…16384, got '\(v)'")
                }
                options.size = Size(width: parts[0], height: parts[1])
            case "--scale":
                let v = try value(flag)
                guard let s = Double(v), s >= 0.5, s <= 4 else { throw ScriptError("--scale must be a number in 0.5…4, got '\(v)'") }
                options.scale = s
            case "--rotation":
                let v = try value(flag)
                guard let r = DisplayRotation(degrees: v) else { throw ScriptError("--rotation must be 0, 90, 180 or 270, got '\(v)'") }
                options.rotation = r
            case "--calibration":
                let v = try value(flag)
                do { options.calibration = try CalibrationMatrix(validating: v) } catch { throw ScriptError("--calibration \(error)") }
            case "--layout": options.keyboardLayout = try value(flag)
            case "--on-screen-keyboard":
                let v = try value(flag)
                switch v {
                case "auto", "automatic": options.onScreenKeyboard = .automatic
                case "always": options.onScreenKeyboard = .always
                case "never": options.onScreenKeyboard = .never
                default: throw ScriptError("--on-screen-keyboard must be auto, always or never, got '\(v)'")
                }
            case "--appearance":
                let style = try value(flag)
                guard style == "light" || style == "dark" else { throw ScriptError("--appearance must be light or dark, not '\(style)'") }
                options.userInterfaceStyle = style == "dark" ? .dark : .light
            case "--language":
                let v = try value(flag)
                guard Localization.languageTag(fromLocaleName: v) != nil else {
                    throw ScriptError("--language needs a language such as ar, he or de-CH, not '\(v)'")
                }
                options.language = v
            case "--layout-direction":
                let v = try value(flag)
                switch v {
                case "auto": options.layoutDirection = .unspecified
                case "ltr", "left-to-right": options.layoutDirection = .leftToRight
                case "rtl", "right-to-left": options.layoutDirection = .rightToLeft
                default: throw ScriptError("--layout-direction must be auto, ltr or rtl, not '\(v)'")
                }
            case "--fb": options.framebufferDevice = try value(flag)
            case "--drm":
                let v = try value(flag)
                guard !v.isEmpty else { throw ScriptError("--drm needs a card node, e.g. /dev/dri/card0") }
                options.drmDevice = v
            case "--connector":
                let v = try value(flag)
                guard !v.isEmpty else { throw ScriptError("--connector needs a name, e.g. HDMI-A-1 (see /sys/class/drm/)") }
                options.connector = v
            case "--drm-legacy": options.drmLegacy = true
            case "--mode":
                let v = try value(flag)
                guard let mode = DRMModeRequest(argument: v) else { throw ScriptError("--mode must be WIDTHxHEIGHT or WIDTHxHEIGHT@HZ, got '\(v)'") }
                options.mode = mode
            case "--console": options.console = try value(flag)
            case "--allow-vt-switch": options.allowsTerminalSwitching = true
            case "--seat": options.inputDevices = .seat(try value(flag))
            case "--device": devices.append(try value(flag))
            case "--script": options.scriptPath = try value(flag)
            case "--output": options.outputFolder = try value(flag)
            case "--windowed": options.fullscreen = false
            case "--no-warm-up": options.warmsUp = false
            case "--no-system-input-method": options.usesSystemInputMethod = false
            case "--snapshot":
                let v = try value(flag)
                guard !v.isEmpty else { throw ScriptError("--snapshot needs a file path") }
                options.snapshotPath = v
            case "--blank-after":
                let v = try value(flag)
                guard let s = Double(v), s > 0, s.isFinite else { throw ScriptError("--blank-after must be a positive number of seconds, got '\(v)'") }
                options.blankAfter = s
            case "--latency-overlay": options.latencyOverlay = true
            case "--latency-overlay-corner":
                let v = try value(flag)
                guard let corner = LatencyOverlayView.Corner(rawValue: v) else {
                    throw ScriptError("--latency-overlay-corner must be one of \(KioskOptions.cornerNames), got '\(v)'")
                }
                options.latencyOverlay = true
                options.latencyOverlayCorner = corner
            case "--screen-reader":
                let v = try value(flag)
                guard let mode = ScreenReaderMode(rawValue: v) else { throw ScriptError("--screen-reader must be on, off or auto, got '\(v)'") }
                options.screenReader = mode
            case "--screen-reader-key":
                let v = try value(flag)
                guard let code = KioskOptions.screenReaderKeyCode(v) else {
                    throw ScriptError("--screen-reader-key must be an evdev key name such as KEY_F12 or a code from 1 to 0x2ff, got '\(v)'")
                }
                options.screenReaderKey = code
            case "--hit-dump":
                let v = try value(flag)
                guard !v.isEmpty else { throw ScriptError("--hit-dump needs a folder") }
                options.hitDumpFolder = v
            case "--seconds":
                let v = try value(flag)
                guard let s = Double(v), s >= 0, s.isFinite else { throw ScriptError("--seconds must be a non-negative number, got '\(v)'") }
                options.seconds = s
            // Speech and the visual settings (issue 26 §3, §5).
            case "--speech":
                let v = try value(flag)
                guard let choice = SpeechChoice(rawValue: v) else {
                    throw ScriptError("--speech must be auto, dispatcher, espeak or none, got '\(v)'")
                }
                options.speech = choice
            case "--atspi":
                let v = try value(flag)
                guard let mode = ATSPIMode(rawValue: v) else { throw ScriptError("--atspi must be on, off or auto, got '\(v)'") }
                options.atspi = mode
            case "--text-size", "--bold-text", "--high-contrast", "--reduce-motion":
                try options.visualSettings.apply(flag, try value(flag))
            default:
                throw ScriptError("unknown option '\(flag)'")
            }
        }
        if !devices.isEmpty { options.inputDevices = .paths(devices) }
        return options
    }
}
