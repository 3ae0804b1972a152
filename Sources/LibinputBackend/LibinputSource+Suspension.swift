import CLibinput

extension LibinputSource {
    /// Closes every device and stops reading (`libinput_suspend`): a touch in progress is
    /// cancelled as the devices go, and what happens meanwhile is never delivered. A framebuffer
    /// host calls it when its VT is switched away from.
    public func suspend() { libinput_suspend(context) }

    /// Opens the devices again (`libinput_resume`); they come back as newly added devices on the
    /// next `dispatch()`. Does nothing when not suspended.
    public func resume() { _ = libinput_resume(context) }
}
