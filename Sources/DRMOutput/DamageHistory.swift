import ResponderKit

/// Buffer-age bookkeeping for the scan-out buffers: the damage of the last few frames, so a
/// buffer that was last written `age` frames ago receives exactly what changed since — this
/// frame's damage plus that of the `age - 1` frames before it — rather than the whole screen.
/// With two buffers flipping, a buffer's age is 2: it gets the last two frames' damage.
public struct DamageHistory: Sendable, Equatable {
    /// How many past frames are kept: an older buffer (or one never drawn) is written whole.
    public let depth: Int
    /// The damage of the frames presented so far, newest last, at most `depth` of them.
    public private(set) var frames: [DamageRegion] = []
    /// Frames recorded since the history was made or reset.
    public private(set) var frameCount = 0

    /// A history keeping `depth` frames (at least 1).
    public init(depth: Int) { self.depth = max(1, depth) }

    /// What a buffer last written at frame number `writtenAt` (nil: never, or its contents were
    /// lost) must receive now, before `current` — this frame's damage — is added: nil means the
    /// whole buffer, because its age is unknown or older than the history.
    /// - Complexity: O(age × rectangles per frame).
    public func missing(sinceFrame writtenAt: Int?, current: DamageRegion) -> DamageRegion? {
        guard let writtenAt, writtenAt <= frameCount else { return nil }
        let age = frameCount - writtenAt + 1  // 1: it holds the last frame; 2: the one before.
        guard age - 1 <= frames.count else { return nil }
        var region = current
        for frame in frames.suffix(age - 1) { region.formUnion(frame) }
        return region
    }

    /// Records the damage of the frame just written; returns its frame number (what the buffer
    /// it went into remembers as `writtenAt`).
    /// - Complexity: O(depth).
    @discardableResult
    public mutating func record(_ damage: DamageRegion) -> Int {
        frames.append(damage)
        if frames.count > depth { frames.removeFirst(frames.count - depth) }
        frameCount += 1
        return frameCount
    }

    /// Forgets everything: every buffer is then written whole (after a mode set or a VT switch
    /// back, when the buffers' contents are no longer known to match).
    public mutating func reset() {
        frames.removeAll()
        frameCount = 0
    }
}
