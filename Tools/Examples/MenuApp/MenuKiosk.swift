import Kiosk
import ResponderKit

/// The canteen menu as a kiosk app: its root controller and its script verbs (`order NAME…`
/// taps a dish's tile, `soldout NAME…` takes a dish off the menu).
@MainActor
public enum MenuKiosk {
    /// The app over today's menu.
    public static func app() -> KioskApp {
        var menu: MenuViewController?
        var app = KioskApp(name: "menu", defaultScript: defaultScript) {
            let controller = MenuViewController()
            menu = controller
            return controller
        }
        app.scriptVerbs = {
            [
                "order": { words throws(ScriptError) in
                    let name = words.joined(separator: " ")
                    guard !name.isEmpty else { throw ScriptError("expected order NAME (a dish on the menu)") }
                    return { player in
                        guard let menu, let tile = menu.tile(for: name) else { return player.fail("no tile for '\(name)' on screen") }
                        player.tap(at: tile.convert(Point(x: tile.bounds.midX, y: tile.bounds.midY), to: nil), label: "order \(name)")
                    }
                },
                "soldout": { words throws(ScriptError) in
                    let name = words.joined(separator: " ")
                    guard !name.isEmpty else { throw ScriptError("expected soldout NAME (a dish on the menu)") }
                    return { player in
                        guard let menu, menu.dishes.contains(where: { $0.name == name }) else { return player.fail("'\(name)' is not on the menu") }
                        menu.soldOut(name)
                    }
                }
            ]
        }
        app.describeStep = { menu.map { "\($0.dishes.count) dishes on the menu, \($0.order.count) ordered" } }
        return app
    }

    /// What `kiosk-demo menu` plays without a script.
    public static let defaultScript = """
        # The canteen menu: a compositional grid of tiles by course, kept by a diffable data source.
        snapshot start
        order Green curry         # a tap orders the dish
        order Lemon sorbet
        soldout Lasagne           # the tiles after it close up, animated
        settle
        snapshot sold-out
        """
}
