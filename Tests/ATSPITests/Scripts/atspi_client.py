#!/usr/bin/python3
"""A real AT-SPI client (pyatspi, as Orca uses libatspi) for ATSPITests.

Usage: atspi_client.py APP_NAME puzzle|inbox

Finds the application APP_NAME on the accessibility bus of this session and prints one JSON
object describing what it read and what happened when it acted:
- inbox: the lists and their items' names;
- puzzle: the tiles (push buttons: name, extents, states, actions), then it presses the first
  tile (the reader's activation: a tap through the app's routing) and waits for its
  selected state to change, then presses the tile beside it and waits for the two to swap places
  (bounds events, then the extents read again) and for the move counter's new name.
"""
import json
import sys
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import GLib  # noqa: E402

import pyatspi  # noqa: E402

EVENTS = []


def pump(seconds, until=None):
    """Runs the GLib main context (libatspi's D-Bus dispatch) for up to `seconds`."""
    context = GLib.MainContext.default()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        while context.pending():
            context.iteration(False)
        if until is not None and until():
            return True
        time.sleep(0.01)
    return until() if until is not None else True


def on_event(event):
    try:
        name = event.source.name
    except Exception:  # the source may be gone
        name = None
    EVENTS.append({"type": str(event.type), "source": name, "detail1": event.detail1})


def find_app(name, seconds=10):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        desktop = pyatspi.Registry.getDesktop(0)
        for app in desktop:
            if app is not None and app.name == name:
                return app
        pump(0.2)
    return None


def walk(node, depth=0):
    yield node, depth
    for index in range(node.childCount):
        child = node.getChildAtIndex(index)
        if child is not None:
            yield from walk(child, depth + 1)


def extents(node):
    box = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    return [box.x, box.y, box.width, box.height]


def states(node):
    names = {pyatspi.STATE_SELECTED: "selected", pyatspi.STATE_FOCUSABLE: "focusable", pyatspi.STATE_ENABLED: "enabled",
             pyatspi.STATE_SENSITIVE: "sensitive", pyatspi.STATE_SHOWING: "showing", pyatspi.STATE_VISIBLE: "visible",
             pyatspi.STATE_FOCUSED: "focused", pyatspi.STATE_CHECKED: "checked"}
    state_set = node.getState()
    return sorted(name for state, name in names.items() if state_set.contains(state))


def describe(node):
    entry = {"name": node.name, "role": node.getRoleName(), "extents": extents(node), "states": states(node)}
    try:
        action = node.queryAction()
        entry["actions"] = [action.getName(i) for i in range(action.nActions)]
    except NotImplementedError:
        entry["actions"] = []
    return entry


def tiles_of(app):
    return [node for node, _ in walk(app) if node.getRole() == pyatspi.ROLE_PUSH_BUTTON and node.name.startswith("Tile ")]


def named(app, name):
    for node, _ in walk(app):
        if node.name == name:
            return node
    return None


def press(node):
    action = node.queryAction()
    for index in range(action.nActions):
        if action.getName(index) in ("press", "activate"):
            return action.doAction(index)
    return False


def puzzle(app, result):
    tiles = tiles_of(app)
    result["tiles"] = [describe(tile) for tile in tiles]
    if len(tiles) < 2:
        return
    first, second = tiles[0], tiles[1]  # reading order: the top row's first two, side by side
    first_name, second_name = first.name, second.name
    first_before, second_before = extents(first), extents(second)
    moves = next((node for node, _ in walk(app) if node.name.startswith("Moves:")), None)
    result["movesBefore"] = moves.name if moves is not None else None
    pyatspi.Registry.registerEventListener(
        on_event, "object:state-changed", "object:bounds-changed", "object:property-change", "object:children-changed", "focus:")
    pump(1.0)  # the registry tells the app that someone listens

    result["firstPressed"] = bool(press(first))
    result["selectedEventArrived"] = pump(
        5, lambda: any(e["type"] == "object:state-changed:selected" and e["source"] == first_name and e["detail1"] == 1 for e in EVENTS))
    result["firstStatesAfterPress"] = states(first)

    result["secondPressed"] = bool(press(second))
    swapped = lambda: extents(named(app, first_name)) == second_before and extents(named(app, second_name)) == first_before  # noqa: E731
    result["boundsEventArrived"] = pump(
        5, lambda: any(e["type"].startswith("object:bounds-changed") and e["source"] in (first_name, second_name) for e in EVENTS))
    result["swapped"] = pump(5, swapped)
    result["firstExtents"] = [first_before, extents(named(app, first_name))]
    result["secondExtents"] = [second_before, extents(named(app, second_name))]
    result["nameEventArrived"] = pump(
        5, lambda: any(e["type"] == "object:property-change:accessible-name" and (e["source"] or "").startswith("Moves:") for e in EVENTS))
    moves = next((node for node, _ in walk(app) if node.name.startswith("Moves:")), None)
    result["movesAfter"] = moves.name if moves is not None else None
    result["firstStatesAfterSwap"] = states(named(app, first_name))


def inbox(app, result):
    lists = []
    for node, _ in walk(app):
        if node.getRole() == pyatspi.ROLE_LIST:
            items = [node.getChildAtIndex(i) for i in range(node.childCount)]
            lists.append({
                "name": node.name,
                "items": [{
                    "name": item.name, "role": item.getRoleName(), "extents": extents(item),
                    "children": [[child.name, child.getRoleName()] for child in item if child is not None],
                    "actions": describe(item)["actions"],
                } for item in items if item is not None],
            })
    result["lists"] = lists


def main():
    if len(sys.argv) != 3 or sys.argv[2] not in ("puzzle", "inbox"):
        print(json.dumps({"error": "usage: atspi_client.py APP_NAME puzzle|inbox"}))
        return 2
    app = find_app(sys.argv[1])
    if app is None:
        names = [a.name for a in pyatspi.Registry.getDesktop(0) if a is not None]
        print(json.dumps({"error": "no application named %s on the bus" % sys.argv[1], "applications": names}))
        return 1
    result = {"app": app.name, "role": app.getRoleName(), "toolkit": app.get_toolkit_name(),
              "frames": [child.getRoleName() for child in app]}
    if sys.argv[2] == "puzzle":
        puzzle(app, result)
    else:
        inbox(app, result)
    result["events"] = EVENTS[:200]
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
