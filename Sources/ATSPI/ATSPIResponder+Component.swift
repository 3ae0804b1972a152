import ResponderKit

extension ATSPIResponder {
    /// AT-SPI's coordinate types (`AtspiCoordType`).
    enum CoordinateType: Int64 {
        /// The screen's: the kiosk's scene (its window fills the output, so they coincide).
        case screen = 0
        /// The frame's (the node's window).
        case window = 1
        /// The parent's.
        case parent = 2
    }

    /// `org.a11y.atspi.Component`'s methods: extents, hit testing and focus.
    func respondAsComponent(_ node: ATSPINode, member: String, arguments: [DBusValue]) -> Result<[DBusValue], DBusFailure> {
        switch member {
        case "GetExtents", "GetPosition":
            guard let type = coordinateType(arguments.first) else { return .failure(.invalidArguments("\(member) takes (u) 0, 1 or 2")) }
            let frame = extents(of: node, in: type)
            let x = Int32(clamping: Int(frame.minX.rounded())), y = Int32(clamping: Int(frame.minY.rounded()))
            if member == "GetPosition" { return .success([.int32(x), .int32(y)]) }
            let width = Int32(clamping: Int(frame.width.rounded())), height = Int32(clamping: Int(frame.height.rounded()))
            return .success([.structure([.int32(x), .int32(y), .int32(width), .int32(height)])])
        case "GetSize":
            return .success([.int32(Int32(clamping: Int(node.frame.width.rounded()))), .int32(Int32(clamping: Int(node.frame.height.rounded())))])
        case "Contains", "GetAccessibleAtPoint":
            guard arguments.count == 3, let x = arguments[0].integerValue, let y = arguments[1].integerValue, let type = coordinateType(arguments[2])
            else { return .failure(.invalidArguments("\(member) takes (iiu)")) }
            let point = screenPoint(Point(x: Double(x), y: Double(y)), relativeTo: node, in: type)
            if member == "Contains" { return .success([.boolean(node.frame.contains(point))]) }
            return .success([deepestNode(at: point, under: node).map(reference) ?? nullReference])
        case "GetLayer":
            return .success([.uint32(node.role == .frame ? 7 : 3)])  // ATSPI_LAYER_WINDOW, ATSPI_LAYER_WIDGET
        case "GetAlpha":
            return .success([.double(1)])
        case "GrabFocus":
            return .success([.boolean(grabFocus(node))])
        case "ScrollTo", "ScrollToPoint":
            return .success([.boolean(false)])
        default:
            return .failure(.unknownMethod(member, "org.a11y.atspi.Component"))
        }
    }

    private func coordinateType(_ value: DBusValue?) -> CoordinateType? { value?.integerValue.flatMap(CoordinateType.init(rawValue:)) }

    /// The node's frame in `type`'s coordinates.
    func extents(of node: ATSPINode, in type: CoordinateType) -> Rect {
        let origin = self.origin(for: node, in: type)
        return Rect(x: node.frame.minX - origin.x, y: node.frame.minY - origin.y, width: node.frame.width, height: node.frame.height)
    }

    private func screenPoint(_ point: Point, relativeTo node: ATSPINode, in type: CoordinateType) -> Point {
        let origin = self.origin(for: node, in: type)
        return Point(x: point.x + origin.x, y: point.y + origin.y)
    }

    /// Where `type`'s coordinates start, in screen coordinates, for `node`.
    private func origin(for node: ATSPINode, in type: CoordinateType) -> Point {
        switch type {
        case .screen:
            return .zero
        case .parent:
            guard let parent = node.parent.flatMap({ snapshot[$0] }), parent.id != 0 else { return .zero }
            return Point(x: parent.frame.minX, y: parent.frame.minY)
        case .window:
            var current: ATSPINode? = node
            while let candidate = current, candidate.role != .frame { current = candidate.parent.flatMap { snapshot[$0] } }
            guard let frame = current?.frame else { return .zero }
            return Point(x: frame.minX, y: frame.minY)
        }
    }

    /// The smallest descendant of `node` whose frame holds `point` (screen coordinates), looking
    /// only inside children that hold it; nil when none does.
    /// - Complexity: O(nodes on the way down · their children).
    func deepestNode(at point: Point, under node: ATSPINode) -> Int? {
        var found: Int?
        var current = node
        while let child = current.children.compactMap({ snapshot[$0] }).filter({ $0.frame.contains(point) })
            .min(by: { $0.frame.width * $0.frame.height < $1.frame.width * $1.frame.height })
        {
            found = child.id
            current = child
        }
        return found
    }

    /// Moves the focus to `node`: the screen reader's focus while it runs (it speaks the
    /// element), else the first responder when the element can take it; false when neither.
    private func grabFocus(_ node: ATSPINode) -> Bool {
        guard let element = node.element else { return false }
        if application.screenReader.isRunning {
            application.screenReader.focus(element)
            invalidate()
            return true
        }
        guard let view = element as? View, view.canBecomeFirstResponder else { return false }
        let became = view.becomeFirstResponder()
        invalidate()
        return became
    }
}
