// swift-format-ignore-file
// Sources/LibinputBackend/LibinputBackend.docc/RealInputWithLibinput.md: the function body is the
// article's sample verbatim (checked by ArticleSampleTests), compiled against today's API; `app` and
// `window` are what the article assumes.
import Keymap
import Kiosk
import LibinputBackend
import ResponderKit

@MainActor
func libinputSample(app: Application, window: Window) throws {
    var configuration = LibinputConfiguration(devices: .seat("seat0"))
    configuration.outputSize = window.bounds.size
    configuration.rotation = .clockwise90
    configuration.keymap = KeymapConfiguration(layout: "de")
    let source = try LibinputSource(application: app, configuration: configuration)
    let loop = try MainLoop(application: app)
    try loop.addSource(source.fileDescriptor) { source.dispatch() }
    if let seatFD = source.seatFileDescriptor { try loop.addSource(seatFD) { source.dispatchSeat() } }
    loop.run()   // until SIGINT/SIGTERM
}
