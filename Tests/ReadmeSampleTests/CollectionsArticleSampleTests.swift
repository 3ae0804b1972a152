import ResponderKit
import ResponderKitTesting
import Testing

/// Runs Collections.md's menu (CollectionsArticleSample.swift): the compositional tile grid with
/// its headers shows the dishes, and a new snapshot moves and adds tiles with animation.
@MainActor
@Test func theCollectionsArticleMenuShowsAndUpdatesItsTiles() {
    let application = Application()
    let driver = InputDriver(application: application)
    let window = Window(windowScene: WindowScene(application: application, screenBounds: Rect(x: 0, y: 0, width: 480, height: 800)))
    let menu = MenuController()
    window.rootViewController = menu
    window.makeKeyAndVisible()
    window.layoutIfNeeded()
    func names() -> [String] { menu.collection.visibleCells.compactMap { ($0 as? MenuController.Tile)?.title.text } }
    #expect(names() == ["Soup", "Curry", "Salad", "Pasta", "Tart", "Sorbet"])
    let header = menu.collection.supplementaryView(forElementKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1))
    #expect((header as? MenuController.Header)?.title.text == "Desserts")
    // Three tiles a row inside the 16-point insets, 12 apart: (448 - 24) / 3 wide.
    #expect(menu.collection.cellForItem(at: IndexPath(item: 1, section: 0))?.frame == Rect(x: 16 + 424.0 / 3 + 12, y: 52, width: 424.0 / 3, height: 140))
    let curry = menu.collection.cellForItem(at: IndexPath(item: 1, section: 0))
    menu.show(mains: ["Curry", "Soup", "Pasta"], desserts: ["Tart", "Sorbet", "Flan"], animated: true)
    #expect(names() == ["Curry", "Soup", "Pasta", "Tart", "Sorbet", "Flan"])
    #expect(menu.collection.cellForItem(at: IndexPath(item: 0, section: 0)) === curry, "a moved tile keeps its cell")
    for _ in 0..<30 { driver.advance(by: 1.0 / 60) }
    #expect(!application.animator.isRunning)
    #expect(driver.isClean)
}
