import MenuApp
import ResponderKit
import ResponderKitTesting
import Testing

/// The canteen menu example (Tools/Examples/MenuApp): a compositional grid of dish tiles by
/// course under headers, kept by a diffable data source; a tap orders, a sold-out dish leaves.
@MainActor
@Suite("MenuApp")
struct MenuAppTests {
    func stage(width: Double = 480) -> (InputDriver, Window, MenuViewController) {
        let app = Application()
        let driver = InputDriver(application: app)
        let window = Window(windowScene: WindowScene(application: app, screenBounds: Rect(x: 0, y: 0, width: width, height: 800)))
        let menu = MenuViewController()
        window.rootViewController = menu
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        return (driver, window, menu)
    }

    func names(_ menu: MenuViewController) -> [String] {
        menu.collection.visibleCells.compactMap { cell in cell.contentView.subviews.compactMap { ($0 as? Label)?.text }.first }
    }

    @Test func theGridShowsTheCoursesInRowsOfThree() throws {
        let (_, _, menu) = stage()
        #expect(names(menu).prefix(5) == ["Tomato soup", "Green curry", "Lasagne", "Falafel wrap", "Caesar salad"])
        let soup = try #require(menu.tile(for: "Tomato soup")).frame
        let curry = try #require(menu.tile(for: "Green curry")).frame
        let wrap = try #require(menu.tile(for: "Falafel wrap")).frame
        #expect(soup == Rect(x: 16, y: 48, width: (448 - 24) / 3.0, height: 110))
        #expect(curry.minX == soup.maxX + 12 && wrap.minY == soup.maxY + 12)
        let header = menu.collection.supplementaryView(forElementKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1))
        #expect(header?.subviews.compactMap { ($0 as? Label)?.text } == ["Desserts"])
        // Four a row on a wide screen.
        let (_, _, wide) = stage(width: 1024)
        #expect(try #require(wide.tile(for: "Falafel wrap")).frame.minY == 48, "the fourth tile is on the first row")
    }

    @Test func aTapOrdersAndASoldOutDishLeaves() throws {
        let (driver, window, menu) = stage()
        let curry = try #require(menu.tile(for: "Green curry"))
        driver.tap(at: curry.convert(Point(x: 40, y: 40), to: window), in: window)
        #expect(menu.order.map(\.name) == ["Green curry"])
        #expect(menu.orderLabel.text == "Order: 1 · Green curry")
        let wrap = try #require(menu.tile(for: "Falafel wrap"))
        let lasagnePlace = try #require(menu.tile(for: "Lasagne")).frame
        menu.soldOut("Lasagne")
        #expect(menu.tile(for: "Lasagne") == nil)
        #expect(menu.tile(for: "Falafel wrap") === wrap, "the tile after it keeps its cell")
        #expect(wrap.frame == lasagnePlace, "and moves into its place")
        for _ in 0..<30 { driver.advance(by: 1.0 / 60) }
        #expect(names(menu).prefix(4) == ["Tomato soup", "Green curry", "Falafel wrap", "Caesar salad"])
        #expect(driver.isClean)
    }
}
