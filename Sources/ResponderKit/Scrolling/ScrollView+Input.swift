/// The mouse wheel and the keyboard.
extension ScrollView {
    // MARK: Wheel

    /// A wheel click (discrete scroll) scrolls `wheelLineStep` points per click at once, within
    /// the content; at an edge (or when the scroll view cannot move that way) the scroll goes on
    /// along `next`, so an enclosing scroll view takes it. Continuous scrolls reach here only when
    /// the pan did not take them; they move the content 1:1, within the content.
    func wheelScrolled(_ scroll: ScrollInfo, with event: Event?) {
        guard isScrollEnabled else { return forwardScroll(scroll, with: event) }
        let delta: Point
        switch scroll.source {
        case .wheel, .wheelTilt:
            // libinput reports a click as 15° (and 120 in value120).
            let clicksX = scroll.value120X != 0 ? Double(scroll.value120X) / 120 : scroll.dx / 15
            let clicksY = scroll.value120Y != 0 ? Double(scroll.value120Y) / 120 : scroll.dy / 15
            delta = Point(x: clicksX * wheelLineStep, y: clicksY * wheelLineStep)
        case .finger, .continuous:
            delta = Point(x: scroll.dx, y: scroll.dy)
        }
        guard delta.isFinite else { return }
        let start = contentOffset
        var target = start
        if scrollsHorizontally { target.x += delta.x }
        if scrollsVertically { target.y += delta.y }
        target = clamped(target)
        guard target != start else { return forwardScroll(scroll, with: event) }
        stopMotion()
        showIndicators()
        applyOffset(target)
        scrollingStopped(at: window?.application.clock.now ?? 0)
    }

    // MARK: Keyboard

    /// Arrows, Page Up/Down, space (shift-space up), Home and End scroll animated when they reach
    /// the scroll view (see the type's documentation); other keys go on along `next`.
    func keysPressed(_ presses: Set<Press>, with event: PressesEvent?) {
        var rest = Set<Press>()
        for press in presses {
            guard let key = press.key, let target = keyboardTarget(for: key) else {
                rest.insert(press)
                continue
            }
            handledKeyCodes.insert(key.keyCode)
            if target != contentOffset { setContentOffset(target, animated: true) }
        }
        if !rest.isEmpty { forwardPressesBegan(rest, with: event) }
    }

    /// Presses whose began this view did not take; forgets the ones it took.
    func pressesNotHandled(_ presses: Set<Press>) -> Set<Press> {
        var rest = Set<Press>()
        for press in presses {
            if let code = press.key?.keyCode, handledKeyCodes.remove(code) != nil { continue }
            rest.insert(press)
        }
        return rest
    }

    /// Where `key` scrolls to from the current target (an animation in progress continues from
    /// its destination, so repeated Page Down goes a page further each time); nil for other keys.
    func keyboardTarget(for key: Key) -> Point? {
        guard isScrollEnabled else { return nil }
        var base = contentOffset
        if case let .animation(_, to, _, _)? = motion { base = to }
        let lo = minimumOffset, hi = maximumOffset
        let page = max(keyboardLineStep, bounds.height - keyboardLineStep)
        let v = scrollsVertically, h = scrollsHorizontally
        var target = base
        switch key.keyCode {
        case KeyCode.down where v: target.y += keyboardLineStep
        case KeyCode.up where v: target.y -= keyboardLineStep
        case KeyCode.right where h: target.x += keyboardLineStep
        case KeyCode.left where h: target.x -= keyboardLineStep
        case KeyCode.pageDown where v: target.y += page
        case KeyCode.pageUp where v: target.y -= page
        case KeyCode.space where v: target.y += key.modifierFlags.contains(.shift) ? -page : page
        case KeyCode.home where v: target.y = lo.y
        case KeyCode.end where v: target.y = hi.y
        case KeyCode.home where h: target.x = lo.x
        case KeyCode.end where h: target.x = hi.x
        default: return nil
        }
        return clamped(target)
    }
}
