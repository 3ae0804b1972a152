import ResponderKit
import Testing

@testable import Rendering

/// Damage-only repaints touch exactly the damaged pixels, and the damage is what changed.
@MainActor
@Suite("Renderer: damage")
struct DamageTests {
    /// A 3 × 3 grid of tiles over a window, rendered once in full.
    func grid() -> (Window, [View], SentinelBuffer, Renderer) {
        let window = makeWindow(200, 150, background: Color(white: 0.9))
        var tiles: [View] = []
        for i in 0..<9 {
            let tile = addView(window, 10 + Double(i % 3) * 60, 10 + Double(i / 3) * 45, 50, 35, .blue)
            tile.layer.cornerRadius = 6
            tiles.append(tile)
        }
        let buffer = SentinelBuffer(width: 200, height: 150)
        let renderer = Renderer()
        window.layoutIfNeeded()
        _ = window.takeDamage()
        buffer.render(window, renderer, repaint: region(window.bounds))
        #expect(!buffer.pixels.contains(SentinelBuffer.sentinel), "a full render covers every pixel")
        return (window, tiles, buffer, renderer)
    }

    func expectOnlyInside(_ buffer: SentinelBuffer, _ rects: [Rect], sourceLocation: SourceLocation = #_sourceLocation) {
        let pixelRects = rects.map { PixelRect(covering: $0, scale: buffer.scale) }
        var outsideTouched = 0, insideUntouched = 0
        for y in 0..<buffer.height {
            for x in 0..<buffer.width {
                let inside = pixelRects.contains { x >= $0.x && x < $0.maxX && y >= $0.y && y < $0.maxY }
                let untouched = buffer[x, y] == SentinelBuffer.sentinel
                if !inside && !untouched { outsideTouched += 1 }
                if inside && untouched { insideUntouched += 1 }
            }
        }
        #expect(outsideTouched == 0, "\(outsideTouched) pixels outside the damage were repainted", sourceLocation: sourceLocation)
        #expect(insideUntouched == 0, "\(insideUntouched) damaged pixels were not repainted", sourceLocation: sourceLocation)
    }

    @Test func oneTileColourChangeRepaintsOnlyThatTile() {
        let (window, tiles, buffer, renderer) = grid()
        tiles[4].backgroundColor = .red
        let damage = window.takeDamage()
        #expect(damage.rects == [tiles[4].frame], "the damage is the tile's rect, got \(damage.rects)")
        buffer.fill()
        buffer.render(window, renderer, repaint: damage)
        expectOnlyInside(buffer, [tiles[4].frame])
        #expect(buffer[95, 70] == argb(255, 0, 0), "the tile is red now")
        #expect(close(buffer[70, 55], argb(230, 230, 230), tolerance: 1), "its rounded corner shows the window behind it")
        #expect(renderer.lastFrameStatistics.viewsDrawn == 2, "the window and the one tile")
        #expect(renderer.lastFrameStatistics.pixelsRepainted == 50 * 35)
    }

    @Test func movingAViewDamagesItsOldAndNewRects() {
        let (window, tiles, buffer, renderer) = grid()
        let old = tiles[0].frame
        tiles[0].center = Point(x: tiles[0].center.x + 3, y: tiles[0].center.y + 100)
        let new = tiles[0].frame
        let damage = window.takeDamage()
        #expect(Set(damage.rects.map(\.description)) == Set([old, new].map(\.description)), "old and new rects, got \(damage.rects)")
        buffer.fill()
        buffer.render(window, renderer, repaint: damage)
        expectOnlyInside(buffer, [old, new])
        #expect(close(buffer[15, 15], argb(230, 230, 230), tolerance: 1), "the old place shows the background")
        #expect(buffer[30, 135] == argb(0, 0, 255), "the tile is drawn at its new place")
        #expect(buffer[75, 20] == SentinelBuffer.sentinel, "its neighbour is not repainted")
    }

    @Test func fractionalDamageAtScale2() {
        let window = makeWindow(100, 60)
        let view = addView(window, 10.25, 10.5, 20.5, 10, .red)
        let buffer = SentinelBuffer(width: 200, height: 120, scale: 2)
        let renderer = Renderer()
        buffer.render(window, renderer, repaint: region(window.bounds))
        _ = window.takeDamage()
        view.backgroundColor = .blue
        let damage = window.takeDamage()
        buffer.fill()
        buffer.render(window, renderer, repaint: damage)
        expectOnlyInside(buffer, [view.frame])
        #expect(buffer[30, 30] == argb(0, 0, 255))
    }

    /// A long list in a clipping container: a repaint costs the rows on screen, not all rows.
    @Test func clippedLongListIsCulled() {
        let window = makeWindow(300, 400)
        let list = addView(window, 0, 50, 300, 300, .white)
        list.clipsToBounds = true
        for i in 0..<10_000 {
            let row = addView(list, 0, Double(i) * 30, 300, 30, i % 2 == 0 ? Color(white: 0.95) : .white)
            let label = Label(frame: Rect(10, 5, 200, 20))
            label.text = "Row \(i)"
            row.addSubview(label)
        }
        list.bounds.origin = Point(x: 0, y: 30 * 5000)
        let buffer = SentinelBuffer(width: 300, height: 400)
        let renderer = Renderer()
        buffer.render(window, renderer, repaint: region(window.bounds))
        let stats = renderer.lastFrameStatistics
        #expect(stats.viewsDrawn <= 2 + 2 * 11, "the window, the list and the ten or eleven rows on screen with their labels: \(stats)")
        #expect(stats.viewsVisited <= 2 + 2 * 10_000)
        let shown = list.subviews[5000].subviews[0] as! Label
        #expect(shown.dirtyRect.isNull, "the row on screen was drawn")
        #expect(!(list.subviews[0].subviews[0] as! Label).dirtyRect.isNull, "a row off screen was not")
    }

    /// The damage region a frame repaints is exactly what `Window.damage` collected.
    @Test func damageFromTextChanges() {
        let window = makeWindow(200, 100)
        let label = Label(frame: Rect(20, 20, 100, 30))
        label.text = "Before"
        window.addSubview(label)
        window.layoutIfNeeded()
        _ = window.takeDamage()
        label.text = "After"
        #expect(window.takeDamage().rects == [label.frame])
        label.text = "After"
        #expect(window.damage.isEmpty, "setting the same text damages nothing")
    }
}
