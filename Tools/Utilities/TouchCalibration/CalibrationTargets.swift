import ResponderKit

/// Where the five crosshairs go on a window: the four corners inset by a tenth of each side (near
/// the edges, where miscalibration shows most, but where a finger can still centre on them), then
/// the middle, which checks the fit rather than the corners alone.
public enum CalibrationTargets {
    /// The inset from each edge, as a fraction of that side.
    public static let inset = 0.1

    /// The targets in the order they are shown: top left, top right, bottom right, bottom left,
    /// centre.
    public static func points(in size: Size) -> [Point] {
        let (l, r) = (size.width * inset, size.width * (1 - inset))
        let (t, b) = (size.height * inset, size.height * (1 - inset))
        return [
            Point(x: l, y: t), Point(x: r, y: t), Point(x: r, y: b), Point(x: l, y: b),
            Point(x: size.width / 2, y: size.height / 2)
        ]
    }
}
