import ResponderKit
import Testing

@testable import ATSPI

/// The AT-SPI roles and states an element's traits and kind map to, and the registry's event
/// names a listener's registration covers (issue 26 §4), without a bus.
@Suite struct ATSPIMappingTests {
    @Test func traitsMapToTheRolesQtAndGTKUse() {
        #expect(ATSPIRole.of(traits: .button, kind: .plain) == .pushButton)
        #expect(ATSPIRole.of(traits: [.button, .selected], kind: .plain) == .pushButton)
        #expect(ATSPIRole.of(traits: .keyboardKey, kind: .plain) == .pushButton)
        #expect(ATSPIRole.of(traits: .link, kind: .plain) == .link)
        #expect(ATSPIRole.of(traits: [.staticText, .header], kind: .plain) == .heading)
        #expect(ATSPIRole.of(traits: .staticText, kind: .plain) == .label)
        #expect(ATSPIRole.of(traits: .none, kind: .plain) == .label)
        #expect(ATSPIRole.of(traits: .image, kind: .plain) == .image)
        #expect(ATSPIRole.of(traits: .adjustable, kind: .plain) == .slider)
        #expect(ATSPIRole.of(traits: .tabBar, kind: .plain) == .pageTabList)
        #expect(ATSPIRole.of(traits: .button, kind: .switchControl) == .toggleButton)
        #expect(ATSPIRole.of(traits: .none, kind: .textField) == .entry)
        #expect(ATSPIRole.of(traits: .none, kind: .secureTextField) == .passwordText)
        #expect(ATSPIRole.of(traits: .adjustable, kind: .stepper) == .spinButton)
        #expect(ATSPIRole.pushButton.rawValue == 43 && ATSPIRole.pushButton.name == "push button")
        #expect(ATSPIRole.list.rawValue == 31 && ATSPIRole.listItem.rawValue == 32 && ATSPIRole.frame.rawValue == 23)
    }

    @Test func statesFollowTraitsAndKind() {
        let button = ATSPIStateSet.of(traits: .button, kind: .plain, isFocused: false, isOn: false)
        #expect(button == ATSPIStateSet([.showing, .visible, .enabled, .sensitive, .focusable]))
        let dimmed = ATSPIStateSet.of(traits: [.button, .notEnabled], kind: .plain, isFocused: false, isOn: false)
        #expect(!dimmed.contains(.enabled) && !dimmed.contains(.sensitive) && dimmed.contains(.focusable))
        let selected = ATSPIStateSet.of(traits: [.button, .selected], kind: .plain, isFocused: true, isOn: false)
        #expect(selected.contains(.selected) && selected.contains(.selectable) && selected.contains(.focused))
        let on = ATSPIStateSet.of(traits: .button, kind: .switchControl, isFocused: false, isOn: true)
        #expect(on.contains(.checkable) && on.contains(.checked))
        let field = ATSPIStateSet.of(traits: .none, kind: .textField, isFocused: false, isOn: false)
        #expect(field.contains(.editable) && field.contains(.singleLine) && field.contains(.focusable))
        let label = ATSPIStateSet.of(traits: .staticText, kind: .plain, isFocused: false, isOn: false)
        #expect(!label.contains(.focusable))
    }

    @Test func stateWordsAreGetStatesTwoUInt32s() {
        let set = ATSPIStateSet([.enabled, .focused, .checkable])
        // ENABLED 8, FOCUSED 12 in the first word; CHECKABLE 41 is bit 9 of the second.
        #expect(set.words == [(1 << 8) | (1 << 12), 1 << 9])
        let changes = ATSPIStateSet([.enabled, .selected]).changes(from: set)
        #expect(changes.map(\.state.name) == ["focused", "selected", "checkable"])
        #expect(changes.map(\.isSet) == [false, true, false])
    }

    @Test func aRegistrationCoversTheEventsUnderIt() {
        var listeners = ATSPIEventListeners()
        #expect(!listeners.isListened("object:state-changed:focused"))
        listeners.register(bus: ":1.7", event: "object:state-changed:")
        #expect(listeners.isListened("object:state-changed:focused"))
        #expect(!listeners.isListened("object:children-changed:add"))
        #expect(!listeners.isListened("focus:"))
        listeners.register(bus: ":1.7", event: "Object:ChildrenChanged")
        #expect(listeners.isListened("object:children-changed:add"))
        listeners.register(bus: ":1.8", event: "object:property-change:accessible-name")
        #expect(listeners.isListened("object:property-change:accessible-name"))
        #expect(!listeners.isListened("object:property-change:accessible-value"))
        listeners.deregister(bus: ":1.7", event: "object:state-changed:")
        #expect(!listeners.isListened("object:state-changed:focused"))
        listeners.register(bus: ":1.9", event: "")
        #expect(listeners.isListened("focus:") && listeners.isListened("object:bounds-changed:"))
    }
}
