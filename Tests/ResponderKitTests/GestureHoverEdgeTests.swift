import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// HoverGestureRecognizer through the existing hover events (began on entering its view, changed
// while the cursor moves over it or its subviews, ended on leaving it, the window, or losing the
// device), and ScreenEdgePanGestureRecognizer (edges, the edge band, the direction).

@MainActor
@Suite("Gestures: hover and screen-edge pan")
struct GestureHoverEdgeTests {
    /// A card's hover recognizer keeps hovering while the cursor crosses onto a child view; it
    /// ends when the cursor leaves the card; a hover recognizer on the child runs alongside.
    @Test func hoverAcrossChildren() {
        let h = Harness(log: Log())
        let card = h.pad("Card", frame: Rect(100, 100, 200, 200))
        let button = h.pad("Button", frame: Rect(50, 50, 50, 50), in: card)
        let cardHover = logActions(HoverGestureRecognizer(), "CardHover", h.log)
        let buttonHover = logActions(HoverGestureRecognizer(), "ButtonHover", h.log)
        card.addGestureRecognizer(cardHover)
        button.addGestureRecognizer(buttonHover)
        h.driver.pointerMove(to: Point(110, 110), in: h.window)
        #expect(cardHover.location(in: card) == Point(10, 10))
        h.driver.pointerMove(to: Point(120, 110), in: h.window)
        h.driver.pointerMove(to: Point(160, 160), in: h.window)  // onto the button
        h.driver.pointerMove(to: Point(120, 120), in: h.window)  // back onto the card
        h.driver.pointerMove(to: Point(10, 10), in: h.window)  // off the card, onto the bare window
        #expect(
            h.log.entries == [
                "CardHover.began", "Card.hover.entered",
                "CardHover.changed", "Card.hover.moved",
                "Card.hover.exited", "ButtonHover.began", "CardHover.changed", "Button.hover.entered",
                "ButtonHover.ended", "Button.hover.exited", "CardHover.changed", "Card.hover.entered",
                "CardHover.ended", "Card.hover.exited", "AppDelegate.hover.entered"
            ])
        #expect(h.driver.isClean)
    }

    /// The cursor leaving the window, or its device going away, ends the hover.
    @Test func hoverEndsWhenThePointerLeaves() {
        let h = Harness(log: Log())
        let card = h.pad("Card")
        let hover = logActions(HoverGestureRecognizer(), "Hover", h.log)
        card.addGestureRecognizer(hover)
        h.driver.pointerMove(to: Point(10, 10), in: h.window)
        h.driver.inject(.pointerLeave, in: h.window)
        h.driver.pointerMove(to: Point(20, 20), in: h.window)
        h.driver.removeDevice(.main)
        #expect(h.log.entries.filter { $0.hasPrefix("Hover") } == ["Hover.began", "Hover.ended", "Hover.began", "Hover.ended"])
        #expect(hover.state == .possible)
        #expect(h.driver.isClean)
    }

    /// A left-edge pan: the finger lands within 20 pt of the edge and moves inward past the slop
    /// (10 pt: not yet; 10.5: began); a touch farther in fails at once; a mostly vertical stroke
    /// from the edge never begins.
    @Test func screenEdgePan() {
        let h = Harness(log: Log())
        let pad = h.pad(frame: h.window.bounds)
        let edge = logActions(ScreenEdgePanGestureRecognizer(), "Edge", h.log)
        edge.edges = .left
        pad.addGestureRecognizer(edge)
        h.down(5, 300)
        h.move(15, 300)
        #expect(edge.state == .possible)
        h.move(15.5, 300)
        #expect(edge.state == .began)
        h.up()
        h.advance(1)
        h.down(30, 300)
        #expect(edge.state == .failed)
        h.up()
        h.advance(1)
        h.down(5, 300)
        h.move(10, 340)
        h.move(12, 380)
        #expect(edge.state == .possible)
        h.up()
        edge.edges = .right
        h.advance(1)
        h.down(395, 300)
        h.move(370, 300)
        #expect(edge.state == .began)
        h.up()
        #expect(h.log.entries.filter { $0.hasPrefix("Edge") } == ["Edge.began", "Edge.ended", "Edge.began", "Edge.ended"])
        #expect(h.driver.isClean)
    }
}
