// calibrate: touch calibration for a kiosk panel. Shows five crosshairs, fits libinput's
// calibration matrix to the touches (composed with the rotation and any matrix already applied),
// prints it as a udev property, a sway input line and the host option, optionally writes a udev
// rule, then shows a check screen where a dot follows the finger with the new matrix.
//   calibrate [--write-udev-rule FILE] [--current-matrix "a b c d e f"] [--no-check] [kiosk options]
import Kiosk
import KioskWayland
import TouchCalibration

#if canImport(Glibc)
import Glibc
#endif

exit(MainActor.assumeIsolated { CalibrateCommand.main(Array(CommandLine.arguments.dropFirst()), backends: [.wayland, .drm, .framebuffer]) })
