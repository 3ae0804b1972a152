import DRMOutput
import LibinputBackend
import ResponderKit

/// Everything a kiosk app can be told at start, shared by every target (`--help` lists the flags).
public struct KioskOptions: Sendable {
    /// Where the app shows itself (`--target`); `automatic` picks the best the machine has.
    public var target: KioskTarget = .automatic
    /// The window size in points: the headless window's size, the Wayland window's size before
    /// the compositor configures it; the framebuffer uses the panel's size (turned by `rotation`).
    public var size = Size(width: 1280, height: 800)
    /// Pixels per point for headless frames.
    public var scale: Double = 1
    /// Turns picture and touch together (framebuffer + libinput); under Wayland the compositor
    /// rotates.
    public var rotation: DisplayRotation = .none
    /// libinput's calibration matrix for touchscreens (framebuffer target).
    public var calibration: CalibrationMatrix?
    /// xkb layout for libinput keyboards (Wayland uses the compositor's keymap).
    public var keyboardLayout: String?
    /// The framebuffer node.
    public var framebufferDevice = "/dev/fb0"
    /// The DRM card (`--drm`); nil: the first `/dev/dri/card*` with a connected display.
    public var drmDevice: String?
    /// The DRM connector (`--connector`, e.g. "HDMI-A-1"); nil: the first connected one, internal
    /// panels (eDP, DSI, LVDS) first.
    public var connector: String?
    /// The DRM mode (`--mode WxH[@Hz]`); nil: the connector's preferred mode.
    public var mode: DRMModeRequest?
    /// DRM: the legacy `drmModeSetCrtc` + `drmModePageFlip` API even where atomic modesetting is
    /// offered (`--drm-legacy`), for drivers whose atomic support misbehaves.
    public var drmLegacy = false
    /// The virtual terminal the framebuffer target switches to graphics mode (hiding the text
    /// console and its cursor) and restores on exit: nil picks the controlling one (else
    /// /dev/tty0); "none" leaves every terminal alone.
    public var console: String?
    /// On the framebuffer, whether the VT may be left (`--allow-vt-switch`): then the kiosk
    /// gives the display and input up while away and redraws everything on return. False (the
    /// default) is VT lockdown: Ctrl+Alt+Fn does nothing and `chvt` is refused.
    public var allowsTerminalSwitching = false
    /// libinput devices: a udev seat, or explicit device nodes.
    public var inputDevices: LibinputConfiguration.Devices = .seat("seat0")
    /// A headless session's script (the app's embedded one when nil).
    public var scriptPath: String?
    /// Where the headless target writes its PNG frames.
    public var outputFolder = "out"
    /// Wayland: fullscreen (the default for a kiosk) or a normal window.
    public var fullscreen = true
    /// Wayland: let the compositor's input method (`zwp_text_input_v3`) serve text fields while
    /// it offers one (the built-in keyboard then steps aside); false ignores it.
    public var usesSystemInputMethod = true
    /// Stop after this many seconds (nil: until closed or signalled).
    public var seconds: Double?
    /// Wayland: after every frame the compositor presented, write the app's own rendering of it
    /// (`WindowPresenter.snapshot()`: the window and those stacked over it) to this PNG and print
    /// "presented frame N" — so a screenshot of the compositor can be compared with what the app
    /// drew.
    public var snapshotPath: String?

    /// Blank the screen after this many seconds without input (nil: never). DRM: the CRTC's
    /// `ACTIVE` property off (legacy: the connector's `DPMS`); framebuffer: `FBIOBLANK`
    /// powerdown; on both the touch, key or click that wakes it is swallowed; headless: the
    /// blanked state is recorded (trace lines "blanked" / "woke"); Wayland: ignored — the
    /// compositor blanks its outputs (sway with `swayidle`; cage 0.1.4, Debian 12's, does not blank at all).
    public var blankAfter: Double?
    /// Whether the main loop host warms what the first interaction needs once the first frame is
    /// on screen and the loop has been idle for `MainLoopHost.warmUpQuiet` (`KioskSession.warmUp()`;
    /// `--no-warm-up` turns it off, to measure the cold first touch).
    public var warmsUp = true
    /// When text fields get the built-in on-screen keyboard (`OnScreenKeyboard.Mode`):
    /// automatic (a touchscreen and no hardware keyboard, unless the compositor's input method
    /// serves them), always, or never. Its keys come from the keymap (`keyboardLayout`).
    public var onScreenKeyboard: OnScreenKeyboard.Mode = .automatic

    /// The screen's appearance, light (the default) or dark (`--appearance dark`): the host sets
    /// it as the scene's `traitCollection`, so the system palette's dynamic colours resolve dark
    /// in every view that does not override `overrideUserInterfaceStyle`.
    public var userInterfaceStyle: UserInterfaceStyle = .light

    /// The app's language (`--language ar`), a BCP 47 tag or locale name; nil takes it from
    /// `LC_ALL`, `LC_MESSAGES` or `LANG` (`Localization.preferredLanguage(environment:)`).
    public var language: String?

    /// The screen's layout direction (`--layout-direction ltr|rtl`); `.unspecified` (`auto`, the
    /// default) follows the language: right to left for Arabic, Hebrew, Persian, Urdu.
    public var layoutDirection: TraitEnvironmentLayoutDirection = .unspecified

    /// Draw the live latency overlay in a corner (`LatencyOverlayView`, `latencyOverlayCorner`): input
    /// latency as a histogram, touch-down hit-test time, frame time and, where the output reports
    /// presentation, input → pixels. Also on with `RK_LATENCY_OVERLAY=1` in the environment.
    public var latencyOverlay = false

    /// The window corner the latency overlay sits in (`LatencyOverlayView.Corner`), for an app that
    /// keeps something in the top-right one: `--latency-overlay-corner bottom-left`, or
    /// `RK_LATENCY_OVERLAY=bottom-left` (either also turns the overlay on).
    public var latencyOverlayCorner: LatencyOverlayView.Corner = .topRight

    /// Where `.vtree`/`.points`/`.hits` dumps of the live window go (nil: dumping is off). While
    /// set, the touch downs the window receives are kept as benchmark points, and a dump is
    /// written on `SIGUSR1`, on Ctrl+Alt+Shift+D, or through `Kiosk.dumpHitTestCase`.
    public var hitDumpFolder: String?

    /// Whether the screen reader runs at start (`--screen-reader on|off|auto`, `ScreenReaderMode`);
    /// off by default, and then a three-finger triple tap, `screenReaderKey` or a headset plugged
    /// into the jack starts it.
    public var screenReader: ScreenReaderMode = .off
    /// The evdev key code that toggles the screen reader (`--screen-reader-key KEY_F12` or a
    /// number); nil for none.
    public var screenReaderKey: Int?
    /// The voice the screen reader and announcements speak with (`--speech`; issue 26 §3).
    public var speech: SpeechChoice = .automatic
    /// Whether the accessibility tree goes on the AT-SPI2 bus (`--atspi`; issue 26 §4): by
    /// default when a session bus and the accessibility bus answer, connected after the first
    /// frame.
    public var atspi: ATSPIMode = .auto
    /// The accessibility display settings the kiosk starts with (`--text-size`, `--bold-text`,
    /// `--high-contrast`, `--reduce-motion`; issue 26 §5); the app may change them at run time.
    public var visualSettings = VisualSettings()

    /// The defaults of every option, as listed above; the command-line parser starts from these.
    public init() {}
}
