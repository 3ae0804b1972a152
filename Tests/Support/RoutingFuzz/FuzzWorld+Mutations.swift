import ResponderKit

/// The changes a handler makes to the world in the middle of delivery: the hierarchy (add, remove,
/// move between windows, reorder), what hit testing reads (hidden, alpha, interaction, frame,
/// scroll, transform), focus, presentation, windows and scenes closing or appearing, the key
/// window, gesture recognizers, exclusive and multiple touch.
extension FuzzWorld {
    func mutate() {
        guard let view = randomView() else { return }
        let choice = rng.int(0...25)
        note("change \(choice) on \(FuzzWorld.label(view))")
        switch choice {
        case 0, 1:
            if views.count < 400, let parent = randomView() { parent.addSubview(makeSubtree(depth: 3)) }
        case 2, 3: view.removeFromSuperview()
        case 4: randomView()?.addSubview(view)  // moves it, maybe to another window
        case 5: view.isHidden.toggle()
        case 6: view.alpha = rng.pick([0, 0.005, 0.01, 0.5, 1])
        case 7: view.isUserInteractionEnabled.toggle()
        case 8: view.frame = Rect(x: rng.unit() * 300, y: rng.unit() * 200, width: rng.unit() * 200, height: rng.unit() * 150)
        case 9: view.bounds.origin = Point(x: rng.pick([0, 5, -20]), y: rng.pick([0, 12.5]))
        case 10: view.transform = rng.chance(0.5) ? .identity : AffineTransform(scaleX: rng.pick([0, 2, -1]), y: 1)
        case 11:
            if rng.chance(0.6) { _ = view.becomeFirstResponder() } else { _ = view.window?.firstResponder?.resignFirstResponder() }
        case 12: view.window?.endEditing(rng.chance(0.5))
        case 13: present()
        case 14: dismiss()
        case 15: closeSomething()
        case 16:
            if scenes.count < 6, rng.chance(0.5) {
                makeScene()
            } else if let scene = scenes.randomConnected(&rng, in: application) {
                if windowsEverMade.count < 24 { makeWindow(in: scene) }
            }
        case 17: windowsEverMade.filter { $0.windowScene != nil }.randomElement(using: &rng)?.makeKey()
        case 18: addRecognizer(to: view)
        case 19:
            if let recognizer = recognizers.randomElement(using: &rng) {
                if rng.chance(0.5) { recognizer.view?.removeGestureRecognizer(recognizer) } else { recognizer.isEnabled.toggle() }
            }
        case 24:
            // A failure requirement added mid-gesture, between any two recognizers (cycles are refused).
            if recognizers.count >= 2 {
                let a = recognizers[rng.int(0...(recognizers.count - 1))], b = recognizers[rng.int(0...(recognizers.count - 1))]
                require(a, toFail: b)
            }
        case 25:
            if let recognizer = recognizers.randomElement(using: &rng) {
                recognizer.delaysTouchesBegan.toggle()
                if rng.chance(0.5) { recognizer.delaysTouchesEnded.toggle() }
            }
        case 20: view.isExclusiveTouch.toggle()
        case 21: view.isMultipleTouchEnabled.toggle()
        case 22:
            if let parent = view.superview, !parent.subviews.isEmpty {
                switch rng.int(0...2) {
                case 0: parent.bringSubviewToFront(view)
                case 1: parent.sendSubviewToBack(view)
                default: parent.exchangeSubview(at: 0, withSubviewAt: parent.subviews.count - 1)
                }
            }
        default:
            if let button = view as? Control { button.isEnabled.toggle() } else { view.removeFromSuperview() }
        }
    }

    func randomView() -> View? { views.randomElement(using: &rng) }

    private func present() {
        guard let presenter = controllers.randomElement(using: &rng) else { return }
        let controller = ViewController()
        let root = makeView(depth: 0)
        for _ in 0..<rng.int(0...2) { root.addSubview(makeSubtree(depth: 2)) }
        controller.view = root
        controllers.append(controller)
        remember(controller)
        presenter.present(controller, animated: false)
    }

    private func dismiss() {
        controllers.filter { $0.presentingViewController != nil || $0.presentedViewController != nil }
            .randomElement(using: &rng)?.dismiss(animated: false)
    }

    /// Windows close, hide, restack and move: a window may end up below the one input names, over
    /// part of it, or out of its scene.
    private func closeSomething() {
        let what = rng.int(0...4)
        note(
            "close: \(["a window leaves its scene", "a scene disconnects", "a window's hidden toggles", "a window's level changes", "a window's frame changes"][what])"
        )
        switch what {
        case 0: windowsEverMade.filter { $0.windowScene != nil }.randomElement(using: &rng)?.windowScene = nil
        case 1: scenes.randomConnected(&rng, in: application)?.disconnect()
        case 2: windowsEverMade.randomElement(using: &rng)?.isHidden.toggle()
        case 3: windowsEverMade.randomElement(using: &rng)?.windowLevel = WindowLevel(rawValue: rng.pick([-1, 0, 0, 1000, 2000]))
        default:
            guard let window = windowsEverMade.randomElement(using: &rng) else { return }
            window.frame = randomWindowFrame(in: window.windowScene?.screenBounds ?? window.frame)
        }
    }

    /// The whole screen, or a part of it (a panel, a dialog), sometimes reaching past its edge.
    func randomWindowFrame(in screen: Rect) -> Rect {
        guard rng.chance(0.6) else { return screen }
        return Rect(
            x: screen.minX + rng.unit() * screen.width * 0.8 - 20, y: screen.minY + rng.unit() * screen.height * 0.8 - 20,
            width: 20 + rng.unit() * screen.width * 0.7, height: 20 + rng.unit() * screen.height * 0.7)
    }
}

extension Array where Element == WindowScene {
    @MainActor
    func randomConnected<G: RandomNumberGenerator>(_ rng: inout G, in application: Application) -> WindowScene? {
        filter { scene in application.connectedScenes.contains { $0 === scene } }.randomElement(using: &rng)
    }
}
