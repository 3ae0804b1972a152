import ResponderKit

extension ATSPIResponder {
    /// An adjustable element's range as `org.a11y.atspi.Value` reports it.
    struct ValueRange: Equatable {
        /// `MinimumValue`
        var minimum: Double
        /// `MaximumValue`
        var maximum: Double
        /// `MinimumIncrement`: one increment's step.
        var step: Double
        /// `CurrentValue`
        var current: Double
    }

    /// The range of a slider or stepper (their own values), or of another adjustable element
    /// whose value starts with a number (0–100, a step of one increment unknown, so 1); nil for
    /// an element that is not adjustable.
    func valueRange(of node: ATSPINode) -> ValueRange? {
        guard let element = node.element else { return nil }
        if let slider = element as? Slider {
            return ValueRange(
                minimum: slider.minimumValue, maximum: slider.maximumValue, step: (slider.maximumValue - slider.minimumValue) / 10,
                current: slider.value)
        }
        if let stepper = element as? Stepper {
            return ValueRange(minimum: stepper.minimumValue, maximum: stepper.maximumValue, step: stepper.stepValue, current: stepper.value)
        }
        guard element.accessibilityTraits.contains(.adjustable) else { return nil }
        let digits = (element.accessibilityValue ?? "").prefix { $0.isNumber || $0 == "." || $0 == "-" }
        return ValueRange(minimum: 0, maximum: 100, step: 1, current: Double(digits) ?? 0)
    }

    /// Moves the value toward `target` by the element's own steps (`accessibilityIncrement()` or
    /// `accessibilityDecrement()`, as the reader's swipes do) until it is as near as a step gets
    /// or stops moving; false when the element has no value.
    func setCurrentValue(_ node: ATSPINode, to target: Double) -> Bool {
        guard let element = node.element, var range = valueRange(of: node) else { return false }
        for _ in 0..<1000 {
            let distance = target - range.current
            guard abs(distance) >= max(range.step, 1e-9) / 2 else { break }
            if distance > 0 { element.accessibilityIncrement() } else { element.accessibilityDecrement() }
            guard let next = valueRange(of: node), next.current != range.current else { break }
            range = next
        }
        invalidate()
        return true
    }

    /// The text the `Text` interface exposes: a label's or heading's name, a text field's value
    /// (never a secure one's); nil for other roles.
    func textContent(of node: ATSPINode) -> String? {
        switch node.role {
        case .label, .heading, .link: node.element == nil ? nil : node.name
        case .entry: node.value ?? ""
        default: nil
        }
    }

    /// `org.a11y.atspi.Text`'s reading methods (`GetText`, `GetCharacterAtOffset`); the text is
    /// read-only here (an edit goes through the on-screen keyboard or a key press).
    func respondAsText(_ node: ATSPINode, member: String, arguments: [DBusValue]) -> Result<[DBusValue], DBusFailure> {
        let characters = Array(textContent(of: node) ?? "")
        switch member {
        case "GetText":
            guard arguments.count == 2, let start = arguments[0].integerValue, let end = arguments[1].integerValue else {
                return .failure(.invalidArguments("GetText takes (ii)"))
            }
            let lower = Int(max(0, min(start, Int64(characters.count))))
            let upper = end < 0 ? characters.count : Int(max(Int64(lower), min(end, Int64(characters.count))))
            return .success([.string(String(characters[lower..<upper]))])
        case "GetCharacterAtOffset":
            guard let offset = arguments.first?.integerValue else { return .failure(.invalidArguments("GetCharacterAtOffset takes (i)")) }
            guard characters.indices.contains(Int(offset)), let scalar = characters[Int(offset)].unicodeScalars.first else { return .success([.int32(0)]) }
            return .success([.int32(Int32(bitPattern: scalar.value))])
        default:
            return .failure(.unknownMethod(member, "org.a11y.atspi.Text"))
        }
    }
}
