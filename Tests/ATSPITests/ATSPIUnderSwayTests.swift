import Prerequisites
import Testing

/// A real AT client against the kiosk under real sway (issue 26 §4): a private session bus with
/// at-spi2-core's launcher and registry, `kiosk-demo` with `--atspi on`, and pyatspi (what Orca
/// builds on) finding the app by name, reading its tree through the registry's desktop, and
/// pressing a tile the way an assistive technology does.
@Suite(.serialized, .requires(.sway, .setpriv, .dbusDaemon, .atspiBusLauncher, .atspiRegistry, .python3, .pyatspi))
struct ATSPIUnderSwayTests {
    static let prerequisites: [Prerequisite] = [.sway, .setpriv, .dbusDaemon, .atspiBusLauncher, .atspiRegistry, .python3, .pyatspi]

    @Test func pyatspiReadsThePuzzleAndPressesItsTiles() throws {
        try Prerequisite.check(Self.prerequisites)
        let session = try AccessibilitySession()
        defer { session.stop() }
        try session.startKiosk(["puzzle"])
        // On the bus and idle, the kiosk sleeps: the bridge arms no timer and polls nothing.
        let idleOnTheBus = try session.kioskWakeUps(over: 2)
        let connected = session.app?.output.split(separator: "\n").first { $0.firstRange(of: "AT-SPI:") != nil } ?? ""
        print("ATSPIUnderSwayTests: \(connected); \(idleOnTheBus) context switches in 2 s idle on the bus")
        #expect(idleOnTheBus == 0, "the kiosk woke \(idleOnTheBus) times in 2 s while idle on the accessibility bus")
        let result = try session.runClient(appName: "puzzle", scenario: "puzzle")
        let context = "\(result)\napp: \(session.app?.output ?? "")"
        #expect(result["role"] as? String == "application", "\(context)")
        #expect(result["toolkit"] as? String == "ResponderKit", "\(context)")
        #expect(result["frames"] as? [String] == ["frame"], "\(context)")
        // Every tile is a push button named by its number, where the board shows it, with the
        // reader's activation as its "press" action.
        let tiles = try #require(result["tiles"] as? [[String: Any]], "\(context)")
        #expect(tiles.count >= 8, "\(context)")
        let names = Set(tiles.compactMap { $0["name"] as? String })
        #expect(names.count == tiles.count && names.allSatisfy { $0.hasPrefix("Tile ") }, "\(names)")
        for tile in tiles {
            #expect(tile["role"] as? String == "push button", "\(tile)")
            #expect(tile["actions"] as? [String] == ["press"], "\(tile)")
            let extents = tile["extents"] as? [Int] ?? []
            #expect(extents.count == 4 && extents[2] > 40 && extents[3] > 40 && extents[0] >= 0 && extents[1] >= 0, "\(tile)")
            #expect(Set(tile["states"] as? [String] ?? []).isSuperset(of: ["enabled", "sensitive", "focusable", "showing", "visible"]), "\(tile)")
        }
        // Pressing the first tile selects it (a tap through the app's routing): the event arrives
        // and the state is set. Pressing its neighbour swaps the two: bounds events arrive, each
        // tile is where the other was, and the move counter's new name comes as an event.
        #expect(result["firstPressed"] as? Bool == true, "\(context)")
        #expect(result["selectedEventArrived"] as? Bool == true, "\(context)")
        #expect((result["firstStatesAfterPress"] as? [String] ?? []).contains("selected"), "\(context)")
        #expect(result["secondPressed"] as? Bool == true, "\(context)")
        #expect(result["boundsEventArrived"] as? Bool == true, "\(context)")
        #expect(result["swapped"] as? Bool == true, "\(context)")
        #expect(!(result["firstStatesAfterSwap"] as? [String] ?? ["selected"]).contains("selected"), "\(context)")
        #expect(result["movesBefore"] as? String == "Moves: 0", "\(context)")
        #expect(result["movesAfter"] as? String == "Moves: 1", "\(context)")
        #expect(result["nameEventArrived"] as? Bool == true, "\(context)")
        // The client gone (the registry has told the app its listeners left), it sleeps again.
        let idleAfterwards = try session.kioskWakeUps(over: 2, settle: 1)
        #expect(idleAfterwards == 0, "the kiosk woke \(idleAfterwards) times in 2 s after the client left")
    }

    @Test func pyatspiReadsTheInboxList() throws {
        try Prerequisite.check(Self.prerequisites)
        let session = try AccessibilitySession()
        defer { session.stop() }
        try session.startKiosk(["inbox", "--on-screen-keyboard", "never"])
        let result = try session.runClient(appName: "inbox", scenario: "inbox")
        let context = "\(result)\napp: \(session.app?.output ?? "")"
        let lists = try #require(result["lists"] as? [[String: Any]], "\(context)")
        try #require(lists.count == 1, "\(context)")
        // The rows are list items named by their labels (the pull-to-refresh header above them
        // is a label of the list); each holds its labels and its Archive button. Delete is behind
        // the row's swipe, so until it is revealed it is not a child but the row's own action,
        // as the screen reader offers it (a hidden button is not exposed).
        let children = try #require(lists[0]["items"] as? [[String: Any]], "\(context)")
        let items = children.filter { $0["role"] as? String == "list item" }
        #expect(items.count >= 4, "\(context)")
        #expect(children.first?["name"] as? String == "Pull to refresh" && children.first?["role"] as? String == "label", "\(context)")
        let first = try #require(items.first, "\(context)")
        #expect(first["name"] as? String == "Ada Lovelace, 09:00, Lunch on Friday?, Let me know if that works for you.", "\(first)")
        let parts = (first["children"] as? [[String]] ?? []).map { $0.joined(separator: ": ") }
        #expect(Set(parts).isSuperset(of: ["Ada Lovelace: label", "Lunch on Friday?: label", "Archive: push button"]), "\(parts)")
        #expect(!parts.contains("Delete: push button"), "a hidden swipe action is not a child: \(parts)")
        #expect((first["actions"] as? [String] ?? []).contains("Delete"), "the row offers its swipe action: \(first)")
        let names = items.compactMap { $0["name"] as? String }
        #expect(names.dropFirst().prefix(3).map { $0.prefix { $0 != "," } } == ["Alan Turing", "Grace Hopper", "Edsger Dijkstra"], "\(names)")
        var lastY = -1
        for item in items {
            let extents = item["extents"] as? [Int] ?? []
            #expect(extents.count == 4 && extents[1] > lastY && extents[3] > 0, "the rows go down the screen: \(item)")
            lastY = extents.count == 4 ? extents[1] : lastY
        }
    }
}
