import Kiosk
import ResponderKit

/// The visitor check-in form as a kiosk app (issue 23's example): its root controller, its
/// script verbs and its embedded session. `kiosk-demo checkin --target headless --size WxH`
/// plays the session at any size.
@MainActor
public enum CheckInKiosk {
    /// The app, with an empty list.
    public static func app() -> KioskApp {
        var controller: CheckInViewController?
        var app = KioskApp(name: "checkin", defaultScript: defaultScript) {
            let made = CheckInViewController()
            controller = made
            return made
        }
        app.scriptVerbs = { verbs { controller }.merging(languageVerbs()) { own, _ in own } }
        app.localizationDirectory = CheckInLocalization.directory
        var lastReported = ""
        app.describeStep = {
            guard let controller else { return nil }
            var state = "\(controller.visitors.count) visitor(s)"
            if let names = Optional(controller.visitors.map(\.name)), !names.isEmpty { state += ": " + names.joined(separator: ", ") }
            if controller.isConfirmationShowing { state += "; confirmation: \(controller.confirmationText)" }
            defer { lastReported = state }
            return state == lastReported ? nil : state
        }
        return app
    }

    /// The app's verbs: fields, controls and rows are named, never placed by coordinates, so a
    /// script plays the same at every size. A verb whose target is not on screen stops the
    /// session with a clear error (exit status 65, `KioskExitStatus.scriptCommandFailed`).
    static func verbs(_ controller: @escaping @MainActor () -> CheckInViewController?) -> [String: ScriptVerb] {
        func centre(of view: View, in player: ScriptPlayer) -> Point {
            view.convert(Point(x: view.bounds.midX, y: view.bounds.midY), to: player.window)
        }
        /// Fails unless `view` is fully inside the window and not under the keyboard.
        func reachable(_ view: View, _ name: String, _ player: ScriptPlayer) -> Bool {
            let frame = view.convert(view.bounds, to: player.window)
            if !player.window.bounds.contains(frame) || view.window !== player.window {
                player.fail("\(name) is not on screen")
                return false
            }
            if let keyboard = player.window.keyboardFrame, frame.intersects(keyboard) {
                player.fail("\(name) is under the on-screen keyboard")
                return false
            }
            return true
        }
        let fields: [String: @MainActor (CheckInForm) -> TextField] = [
            "name": { $0.nameField }, "company": { $0.companyField }, "host": { $0.hostField }
        ]
        return [
            // Taps the field NAME (name, company or host): it becomes first responder and the
            // on-screen keyboard slides up when it is on.
            "focus": { words throws(ScriptError) in
                guard words.count == 1, let field = fields[words[0]] else { throw ScriptError("focus needs one of name, company, host") }
                return { player in
                    guard let form = controller()?.form else { return player.fail("the form is not on screen") }
                    let target = field(form)
                    guard reachable(target, "the \(words[0]) field", player) else { return }
                    player.tap(at: centre(of: target, in: player), label: "tap the \(words[0]) field")
                }
            },
            // Taps TEXT's keys on the built-in on-screen keyboard.
            "keys": { words throws(ScriptError) in
                let text = words.joined(separator: " ")
                guard !text.isEmpty else { throw ScriptError("keys needs the text to tap") }
                return { player in
                    let keyboard = player.window.application.onScreenKeyboard.keyboardView
                    guard keyboard.window === player.window else { return player.fail("the on-screen keyboard is not shown (try --on-screen-keyboard always)") }
                    for character in text {
                        // Capitals come from automatic capitalization (the fields capitalize words),
                        // whichever case the key's label shows.
                        let label = character == " " ? "space" : String(character)
                        guard
                            let key = keyboard.key(labelled: label) ?? keyboard.key(labelled: label.lowercased()) ?? keyboard.key(labelled: label.uppercased())
                        else {
                            return player.fail("no key '\(label)' on the keyboard's \(keyboard.page) page")
                        }
                        player.tap(at: keyboard.convert(Point(x: key.frame.midX, y: key.frame.midY), to: player.window), label: "tap key \(label)")
                    }
                }
            },
            // Sets the built-in keyboard's mode as --on-screen-keyboard does (auto, always, never).
            "on-screen-keyboard": { words throws(ScriptError) in
                let modes: [String: OnScreenKeyboard.Mode] = ["auto": .automatic, "always": .always, "never": .never]
                guard words.count == 1, let mode = modes[words[0]] else { throw ScriptError("on-screen-keyboard needs one of auto, always, never") }
                return { player in player.window.application.onScreenKeyboard.mode = mode }
            },
            // Picks the kind of visit: guest, contractor or interview.
            "kind": { words throws(ScriptError) in
                let kinds = Visitor.Kind.allCases.map(\.scriptName)
                guard words.count == 1, let index = kinds.firstIndex(of: words[0].lowercased()) else {
                    throw ScriptError("kind needs one of \(kinds.joined(separator: ", "))")
                }
                return { player in
                    guard let control = controller()?.form.kindControl else { return player.fail("the form is not on screen") }
                    guard reachable(control, "the kind of visit", player) else { return }
                    let segment = control.rectForSegment(at: index)
                    player.tap(at: control.convert(Point(x: segment.midX, y: segment.midY), to: player.window), label: "tap \(kinds[index])")
                }
            },
            // Flips the parking switch.
            "parking": { words throws(ScriptError) in
                guard words.isEmpty else { throw ScriptError("parking takes no arguments") }
                return { player in
                    guard let toggle = controller()?.form.parkingSwitch else { return player.fail("the form is not on screen") }
                    guard reachable(toggle, "the parking switch", player) else { return }
                    player.tap(at: centre(of: toggle, in: player), label: "tap the parking switch")
                }
            },
            // Taps Check in.
            "check-in": { words throws(ScriptError) in
                guard words.isEmpty else { throw ScriptError("check-in takes no arguments") }
                return { player in
                    guard let button = controller()?.form.checkInButton else { return player.fail("the form is not on screen") }
                    guard reachable(button, "the Check in button", player) else { return }
                    player.tap(at: centre(of: button, in: player), label: "tap Check in")
                }
            },
            // Long-presses the row of badge N: it is removed.
            "remove": { words throws(ScriptError) in
                guard words.count == 1, let badge = Int(words[0]), badge > 0 else { throw ScriptError("remove needs a badge number (1 or more)") }
                return { player in
                    guard let list = controller()?.list else { return player.fail("the list is not on screen") }
                    guard let row = list.visitorRows.first(where: { $0.visitor.badge == badge }) else {
                        return player.fail("no visitor with badge \(badge) in the list")
                    }
                    let visible = row.convert(row.bounds, to: list.tableView).intersection(list.tableView.bounds)
                    guard !visible.isEmpty else { return player.fail("visitor \(badge) is scrolled out of view") }
                    let point = list.tableView.convert(Point(x: visible.midX, y: visible.midY), to: player.window)
                    player.press(at: point, seconds: 0.7, label: "long press on visitor \(badge)")
                }
            }
        ]
    }

    /// The session `kiosk-demo checkin` plays when given no script: two visitors check in on the
    /// on-screen keyboard, the confirmation alert dismisses itself (3 s, then its 0.4 s fade), one
    /// row is removed.
    public static let defaultScript = """
        # Visitor check-in (issue 23): Auto Layout, keyboardLayoutGuide and stack views.
        # The form stays above the on-screen keyboard at every size (--size WxH).
        on-screen-keyboard always
        settle
        snapshot start
        focus name
        settle
        keys Ada Lovelace
        focus company
        settle
        keys Analytical
        focus host
        keys Charles
        kind interview
        parking
        snapshot keyboard
        check-in
        settle
        snapshot checked-in
        wait 3.5
        snapshot dismissed
        focus name
        settle
        keys Grace Hopper
        check-in
        settle
        wait 3.5
        remove 1
        settle
        snapshot removed
        """
}
