import Prerequisites
import Testing

/// A real AT client against the kiosk under real sway (issue 26 §4): a private session bus with
/// at-spi2-core's launcher and registry, `kiosk-demo` with `--atspi on`, and pyatspi (what Orca
/// builds on) finding the app by name, reading its tree through the registry's desktop, and
/// pressing a tile the way an assistive technology does.
@Suite(.serialized, .requires(ATSPIUnderSwayTests.prerequisites))
struct ATSPIUnderSwayTests {
    static let prerequisites: [Prerequisite] = [.sway, .dbusDaemon, .atspiBusLauncher, .atspiRegistry, .python3, .pyatspi]

    @Test func pyatspiReadsThePuzzleAndPressesItsTiles() throws {
        try Prerequisite.check(Self.prerequisites)
        let session = try AccessibilitySession()
        defer { session.stop() }
        try session.startKiosk(["puzzle"])
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
        let items = try #require(lists[0]["items"] as? [[String: Any]], "\(context)")
        #expect(items.count >= 4, "\(context)")
        for item in items {
            #expect(item["role"] as? String == "list item", "\(item)")
            #expect(!(item["name"] as? String ?? "").isEmpty, "\(item)")
        }
    }
}
