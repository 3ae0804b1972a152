/// The exit statuses of a kiosk app's process (`Kiosk.main`), one per cause, so a service
/// manager or a script can tell them apart. The numbers follow BSD's `sysexits.h` where one fits.
public enum KioskExitStatus {
    /// The app ran and ended cleanly (a headless script got through with no input left open).
    public static let success: Int32 = 0
    /// A headless script got through but left input open (touches still down, timers pending);
    /// the message names what.
    public static let inputLeftOpen: Int32 = 1
    /// Bad usage: an unknown flag, a bad value, or a script that cannot be read or parsed.
    public static let usage: Int32 = 2
    /// A script command failed while playing: an app-defined verb reported that it could not act
    /// (what it names is not on screen, say). `EX_DATAERR`.
    public static let scriptCommandFailed: Int32 = 65
    /// A forced target (`--target framebuffer`) is not available on this machine. `EX_UNAVAILABLE`.
    public static let targetUnavailable: Int32 = 69
    /// The main loop could not be set up or failed. `EX_SOFTWARE`.
    public static let internalFailure: Int32 = 70
    /// An output cannot be written: PNG frames (`--output`), `--snapshot`, or `--hit-dump`'s
    /// folder, missing, not writable, a symbolic link, or a full disk. `EX_CANTCREAT`.
    public static let cannotWriteOutput: Int32 = 73
}
