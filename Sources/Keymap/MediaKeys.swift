import ResponderKit

/// Media keys (play/pause, next, previous…) become remote-control events, as UIKit delivers them
/// (`remoteControlReceived(with:)`) rather than presses.
public enum MediaKeys {
    /// The remote-control subtype for the evdev key `keyCode`, or nil for an ordinary key.
    public static func subtype(forKeyCode keyCode: Int) -> Event.EventSubtype? {
        switch keyCode {
        case KeyCode.playPause: return .remoteControlTogglePlayPause
        case KeyCode.play: return .remoteControlPlay
        case KeyCode.pause: return .remoteControlPause
        case KeyCode.stopCD, 128 /* KEY_STOP */: return .remoteControlStop
        case KeyCode.nextSong: return .remoteControlNextTrack
        case KeyCode.previousSong: return .remoteControlPreviousTrack
        default: return nil
        }
    }
}
