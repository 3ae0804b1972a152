import Kiosk
import ResponderKit

/// The inbox as a kiosk app: its root controller, its script verbs and its embedded session.
@MainActor
public enum InboxKiosk {
    /// The app over a mailbox of `messages` messages.
    public static func app(messages: Int = 300) -> KioskApp {
        let store = MessageStore(count: messages)
        var inbox: InboxViewController?
        var app = KioskApp(name: "inbox", defaultScript: defaultScript) {
            let controller = InboxViewController(store: store)
            inbox = controller
            return controller
        }
        app.scriptVerbs = { verbs { inbox } }
        var lastReported = ""
        app.describeStep = {
            guard let inbox else { return nil }
            let top = inbox.list.contentOffset.y
            let first = inbox.shownIDs.isEmpty ? "-" : String(inbox.shownIDs[max(0, min(inbox.shownIDs.count - 1, Int(max(0, top) / MessageCell.height)))])
            var state =
                "\(store.messages.count) messages, \(store.archived.count) archived, \(store.deleted.count) deleted; list at y=\(Int(top.rounded())) (first row: message \(first))"
            if let presented = inbox.presentedViewController as? MessageViewController { state += "; showing message \(presented.message.id)" }
            if inbox.refreshHeader.isRefreshing { state += "; refreshing" }
            defer { lastReported = state }
            return state == lastReported ? nil : state
        }
        return app
    }

    /// The inbox's own script verbs. Messages are named by id (stable while the list changes); a
    /// verb on a message that is not on screen stops the session with a clear error.
    static func verbs(_ inbox: @escaping @MainActor () -> InboxViewController?) -> [String: ScriptVerb] {
        func id(_ words: [String], _ form: String) throws(ScriptError) -> Int {
            guard words.count == 1 else { throw ScriptError("expected \(form)") }
            guard let v = Int(words[0]), v >= 0 else { throw ScriptError("ID must be a message number (0 or more), got '\(words[0])'") }
            return v
        }
        /// The cell of message `id` if any part of it is on screen, else a failure.
        func visibleCell(_ id: Int, _ player: ScriptPlayer) -> (InboxViewController, MessageCell)? {
            guard let inbox = inbox() else { player.fail("the inbox is not on screen"); return nil }
            guard inbox.row(of: id) != nil else { player.fail("message \(id) is not in the list"); return nil }
            guard let cell = inbox.cells[id] else { player.fail("message \(id) is not on screen (scroll to it first)"); return nil }
            let inList = cell.convert(cell.bounds, to: inbox.list)
            guard inList.intersects(inbox.list.bounds) else { player.fail("message \(id) is not on screen (scroll to it first)"); return nil }
            return (inbox, cell)
        }
        func onCell(_ form: String, _ act: @escaping @MainActor (ScriptPlayer, InboxViewController, MessageCell) -> Void) -> ScriptVerb {
            { words throws(ScriptError) in
                let message = try id(words, form)
                return { player in
                    guard let (inbox, cell) = visibleCell(message, player) else { return }
                    act(player, inbox, cell)
                }
            }
        }
        return [
            // A finger drags the list by DY points (positive: the content moves up, showing later
            // messages) in SECONDS (default 0.25: a flick that decelerates).
            "scroll": { words throws(ScriptError) in
                guard (1...2).contains(words.count), let dy = Double(words[0]), dy.isFinite, abs(dy) <= 100_000 else {
                    throw ScriptError("expected DY [SECONDS]")
                }
                let seconds = words.count == 2 ? Double(words[1]) ?? -1 : 0.25
                guard seconds > 0, seconds <= 10 else { throw ScriptError("SECONDS must be a number in (0, 10]") }
                return { player in
                    guard let inbox = inbox() else { return player.fail("the inbox is not on screen") }
                    let list = inbox.list
                    let centre = list.convert(Point(x: list.bounds.midX, y: list.bounds.midY), to: player.window)
                    let span = min(abs(dy), list.bounds.height * 0.8) * (dy < 0 ? -1 : 1)
                    var left = dy
                    repeat {
                        let step = abs(left) > abs(span) ? span : left
                        player.drag(
                            from: Point(x: centre.x, y: centre.y + step / 2), to: Point(x: centre.x, y: centre.y - step / 2),
                            seconds: seconds, label: "scroll \(Int(step.rounded()))")
                        left -= step
                    } while abs(left) > 0.5
                }
            },
            "open": onCell("ID") { player, _, cell in
                player.tap(at: cell.content.convert(Point(x: 40, y: cell.bounds.midY), to: player.window), label: "tap message \(cell.message.id)")
            },
            "archive": onCell("ID") { player, _, cell in
                let b = cell.archiveButton
                player.tap(at: b.convert(Point(x: b.bounds.midX, y: b.bounds.midY), to: player.window), label: "tap Archive of message \(cell.message.id)")
            },
            "swipe": onCell("ID") { player, _, cell in
                let y = cell.bounds.midY
                player.drag(
                    from: cell.convert(Point(x: cell.bounds.width * 0.7, y: y), to: player.window),
                    to: cell.convert(Point(x: cell.bounds.width * 0.25, y: y), to: player.window),
                    seconds: 0.15, label: "swipe left on message \(cell.message.id)")
            },
            "delete": onCell("ID") { player, _, cell in
                guard cell.isDeleteRevealed else { return player.fail("message \(cell.message.id)'s Delete button is hidden (swipe first)") }
                let b = cell.deleteButton
                player.tap(at: b.convert(Point(x: b.bounds.midX, y: b.bounds.midY), to: player.window), label: "tap Delete of message \(cell.message.id)")
            },
            "long-press": onCell("ID") { player, _, cell in
                player.press(
                    at: cell.convert(Point(x: 60, y: cell.bounds.midY), to: player.window), seconds: 0.7, label: "long press on message \(cell.message.id)")
            },
            "close": { words throws(ScriptError) in
                guard words.isEmpty else { throw ScriptError("close takes no arguments") }
                return { player in
                    guard let shown = inbox()?.presentedViewController as? MessageViewController else { return player.fail("no message is open") }
                    let b = shown.closeButton
                    player.tap(at: b.convert(Point(x: b.bounds.midX, y: b.bounds.midY), to: player.window), label: "tap Close")
                }
            },
            // Taps the search field (it becomes first responder) and types TEXT into it.
            "search": { words throws(ScriptError) in
                let text = words.joined(separator: " ")
                return { player in
                    guard let inbox = inbox() else { return player.fail("the inbox is not on screen") }
                    let field = inbox.searchField
                    player.tap(at: field.convert(Point(x: field.bounds.maxX - 20, y: field.bounds.midY), to: player.window), label: "tap the search field")
                    player.driver.type(text, in: player.window)
                }
            },
            // Taps TEXT's keys on the built-in on-screen keyboard (shown for the focused field
            // with --on-screen-keyboard always, or a touchscreen and no hardware keyboard).
            "keys": { words throws(ScriptError) in
                let text = words.joined(separator: " ")
                guard !text.isEmpty else { throw ScriptError("keys needs the text to tap") }
                return { player in
                    let keyboard = player.window.application.onScreenKeyboard.keyboardView
                    guard keyboard.window === player.window else { return player.fail("the on-screen keyboard is not shown (try --on-screen-keyboard always)") }
                    for character in text {
                        let label = character == " " ? "space" : String(character)
                        guard let key = keyboard.key(labelled: label) else { return player.fail("no key '\(label)' on the keyboard's \(keyboard.page) page") }
                        player.tap(at: keyboard.convert(Point(x: key.frame.midX, y: key.frame.midY), to: player.window), label: "tap key \(label)")
                    }
                }
            },
            // Sets the built-in keyboard's mode as --on-screen-keyboard does (auto, always, never):
            // a headless session announces no touchscreen, so in auto mode the keyboard stays away.
            "on-screen-keyboard": { words throws(ScriptError) in
                let modes: [String: OnScreenKeyboard.Mode] = ["auto": .automatic, "always": .always, "never": .never]
                guard words.count == 1, let mode = modes[words[0]] else {
                    throw ScriptError("on-screen-keyboard needs one of auto, always, never")
                }
                return { player in player.window.application.onScreenKeyboard.mode = mode }
            },
            "pull-to-refresh": { words throws(ScriptError) in
                guard words.isEmpty else { throw ScriptError("pull-to-refresh takes no arguments") }
                return { player in
                    guard let inbox = inbox() else { return player.fail("the inbox is not on screen") }
                    let list = inbox.list
                    let top = list.convert(Point(x: list.bounds.midX, y: list.bounds.minY + 40), to: player.window)
                    player.drag(from: top, to: Point(x: top.x, y: top.y + 260), seconds: 0.8, label: "pull down")
                }
            }
        ]
    }

    /// The session the main command plays when given no script.
    public static let defaultScript = """
        # ResponderKit inbox (seed 001): a list of 300 messages that scrolls by touch, each cell a view
        # with Archive and (behind a swipe) Delete; the cells walk `next` to the controller.
        snapshot start           # the search field is first responder: its caret shows
        scroll 1500              # a flick: the list decelerates on the frame clock
        settle
        snapshot scrolled
        scroll -2000 0.4         # a flick back: it reaches the top and bounces
        settle
        archive 0                # Archive walks next from the cell to InboxViewController
        settle
        snapshot archived
        swipe 1                  # swipe left reveals Delete
        settle
        snapshot delete-revealed
        delete 1
        settle
        long-press 2             # the cell becomes first responder; the edit menu offers Copy
        snapshot menu
        tap-at 20 20             # a tap outside dismisses the menu
        open 3                   # a modal over the list
        settle
        snapshot message
        close
        settle
        pull-to-refresh          # pull past the top and let go: new mail after a second
        wait 0.3
        snapshot refreshing
        wait 0.9
        settle
        snapshot refreshed
        search Grace             # tap the search field and type: the list filters as you type
        snapshot search
        """
}
