import LibinputBackend
import ResponderKit
import Testing
import TouchCalibration

/// The fit alone: noiseless recovery of known distortions, its composition with the display
/// rotation and with a matrix already applied, and its errors for input it cannot use.
struct CalibrationFitTests {
    static let size = Size(width: 800, height: 480)

    /// Panel distortions, as maps from where the finger really is (panel-normalized) to where the
    /// device reports it (normalized device coordinates): what a calibration must undo.
    static let distortions: [(String, PlaneAffineMap)] = [
        ("identity", .identity),
        ("offset", PlaneAffineMap(a: 1, b: 0, c: 0.04, d: 0, e: 1, f: -0.03)),
        ("scaled", PlaneAffineMap(a: 0.9, b: 0, c: 0.05, d: 0, e: 0.85, f: 0.08)),
        ("skewed", PlaneAffineMap(a: 0.95, b: 0.06, c: 0.01, d: -0.04, e: 0.97, f: 0.02)),
        ("swapped", PlaneAffineMap(a: 0, b: 1, c: 0, d: 1, e: 0, f: 0)),
        ("mirrored", PlaneAffineMap(a: -1, b: 0, c: 1, d: 0, e: 1, f: 0)),
        ("all at once", PlaneAffineMap(a: 0.03, b: -0.92, c: 0.95, d: 0.88, e: 0.05, f: 0.04))
    ]

    /// Reports for the five targets as the app sees them: the finger at each target, the device's
    /// distortion, libinput's `current` matrix, then the host's real rotation mapping
    /// (`DisplayRotation.map`, not the fit's own model of it).
    static func samples(
        _ distortion: PlaneAffineMap, rotation: DisplayRotation, current: CalibrationMatrix = .identity,
        size: Size = size
    ) -> [CalibrationSample] {
        let panelToWindowNormalized = PlaneAffineMap.rotation(rotation)
        return CalibrationTargets.points(in: size).map { target in
            let windowNormalized = Point(x: target.x / size.width, y: target.y / size.height)
            let finger = panelToWindowNormalized.inverted()!.apply(windowNormalized)
            let calibrated = PlaneAffineMap(current).apply(distortion.apply(finger))
            return CalibrationSample(target: target, reported: rotation.map(u: calibrated.x, v: calibrated.y, into: size))
        }
    }

    static func expectClose(
        _ m: CalibrationMatrix, _ expected: PlaneAffineMap, tolerance: Double = 1e-5,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let want = [expected.a, expected.b, expected.c, expected.d, expected.e, expected.f]
        for (got, wanted) in zip(m.values.map(Double.init), want) {
            #expect(abs(got - wanted) <= tolerance, "matrix \(m) differs from \(expected)", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: 0..<distortions.count)
    func recoversTheInverseOfTheDistortionExactly(_ index: Int) throws {
        let (name, distortion) = Self.distortions[index]
        let result = try CalibrationFit.solve(Self.samples(distortion, rotation: .none), windowSize: Self.size)
        Self.expectClose(result.matrix, distortion.inverted()!)
        #expect(result.largestResidual < 1e-9, "\(name)")
        // The check screen's correction puts every report on its target.
        for sample in Self.samples(distortion, rotation: .none) {
            let p = result.correction.apply(sample.reported)
            #expect(abs(p.x - sample.target.x) < 1e-6 && abs(p.y - sample.target.y) < 1e-6, "\(name)")
        }
    }

    /// The matrix lives in the panel's space, before the host turns touches: the same panel needs
    /// the same matrix at every rotation, although the reports the app sees differ.
    @Test(arguments: DisplayRotation.allCases)
    func composesWithTheRotation(_ rotation: DisplayRotation) throws {
        let quarter = rotation == .clockwise90 || rotation == .clockwise270
        let size = quarter ? Size(width: Self.size.height, height: Self.size.width) : Self.size
        for (name, distortion) in Self.distortions {
            let samples = Self.samples(distortion, rotation: rotation, size: size)
            let result = try CalibrationFit.solve(samples, windowSize: size, rotation: rotation)
            Self.expectClose(result.matrix, distortion.inverted()!)
            #expect(result.largestResidual < 1e-9, "\(name) at \(rotation)")
        }
        // Fitting as if unrotated gives a different matrix: the rotation is not ignored.
        if rotation != .none {
            let samples = Self.samples(Self.distortions[3].1, rotation: rotation, size: size)
            let wrong = try CalibrationFit.solve(samples, windowSize: size, rotation: .none)
            #expect(wrong.matrix != (try CalibrationFit.solve(samples, windowSize: size, rotation: rotation)).matrix)
        }
    }

    /// A matrix already applied (a udev property, --calibration) is replaced, not stacked: the
    /// result is the whole correction from raw device coordinates.
    @Test func composesWithTheMatrixAlreadyApplied() throws {
        let applied = CalibrationMatrix(0, 1, 0, -1, 0, 1)  // someone's earlier, wrong guess
        let stretched = CalibrationMatrix(1.1, 0.02, -0.05, 0, 0.9, 0.04)
        for current in [applied, stretched] {
            for rotation in [DisplayRotation.none, .upsideDown] {
                let distortion = Self.distortions[6].1
                let result = try CalibrationFit.solve(
                    Self.samples(distortion, rotation: rotation, current: current),
                    windowSize: Self.size, rotation: rotation, current: current)
                Self.expectClose(result.matrix, distortion.inverted()!)
            }
        }
    }

    /// With a pixel of noise on every touch the fit stays within a pixel, and says how far off
    /// the touches were.
    @Test func noisyTouchesFitWithinTheirNoise() throws {
        let distortion = Self.distortions[3].1
        let noise = [Point(x: 1, y: -1), Point(x: -1, y: 0.5), Point(x: 0.5, y: 1), Point(x: -0.5, y: -1), Point(x: 1, y: 1)]
        let samples = zip(Self.samples(distortion, rotation: .none), noise).map {
            CalibrationSample(target: $0.target, reported: Point(x: $0.reported.x + $1.x, y: $0.reported.y + $1.y))
        }
        let result = try CalibrationFit.solve(samples, windowSize: Self.size)
        #expect(result.largestResidual > 0 && result.largestResidual < 2 / 800)
        let correct = PlaneAffineMap(result.matrix).after(distortion)
        for target in CalibrationTargets.points(in: Self.size) {
            let u = Point(x: target.x / Self.size.width, y: target.y / Self.size.height)
            let p = correct.apply(u)
            #expect(abs(p.x - u.x) * Self.size.width < 2 && abs(p.y - u.y) * Self.size.height < 2)
        }
    }

    @Test func tooFewPointsAreAnError() {
        let samples = Array(Self.samples(.identity, rotation: .none).prefix(2))
        #expect(throws: CalibrationError.tooFewPoints(2)) { try CalibrationFit.solve(samples, windowSize: Self.size) }
        #expect(throws: CalibrationError.tooFewPoints(0)) { try CalibrationFit.solve([], windowSize: Self.size) }
        #expect(throws: CalibrationError.mismatchedSamples(targets: 3, touches: 2)) {
            try CalibrationFit.leastSquares(from: [.zero, Point(x: 1, y: 0)], to: [.zero, Point(x: 1, y: 0), Point(x: 0, y: 1)])
        }
    }

    /// A panel that reports only one axis (a broken or half-connected controller): every touch
    /// on one line.
    @Test func collinearTouchesAreDegenerate() {
        let samples = Self.samples(PlaneAffineMap(a: 1, b: 0, c: 0, d: 0.5, e: 0, f: 0.2), rotation: .none)
        #expect(throws: CalibrationError.touchesCollinear) { try CalibrationFit.solve(samples, windowSize: Self.size) }
        let targets = [Point(x: 10, y: 10), Point(x: 20, y: 20), Point(x: 30, y: 30), Point(x: 40, y: 40)]
        let onALine = zip(targets, targets).map { CalibrationSample(target: $0, reported: Point(x: $1.x + 3, y: $1.y)) }
        #expect(throws: CalibrationError.targetsCollinear) { try CalibrationFit.solve(onALine, windowSize: Self.size) }
    }

    /// A device reporting the same spot for every touch (a stuck controller, the wrong device).
    @Test func touchesInOneSpotAreDegenerate() {
        let samples = CalibrationTargets.points(in: Self.size).enumerated().map {
            CalibrationSample(target: $1, reported: Point(x: 400 + Double($0), y: 240))
        }
        #expect {
            try CalibrationFit.solve(samples, windowSize: Self.size)
        } throws: { error in
            guard case let .touchesTooClose(spread)? = error as? CalibrationError else { return false }
            return spread < 0.01
        }
    }

    @Test func aMissedCrosshairIsNamed() {
        var samples = Self.samples(Self.distortions[2].1, rotation: .none)
        samples[3].reported = Point(x: samples[3].reported.x + 200, y: samples[3].reported.y - 150)
        #expect {
            try CalibrationFit.solve(samples, windowSize: Self.size)
        } throws: { error in
            guard case let .inconsistentTouch(point, fraction)? = error as? CalibrationError else { return false }
            return point == 4 && fraction > CalibrationFit.largestAcceptedResidual
        }
    }

    @Test func unusableNumbersAreErrors() {
        var samples = Self.samples(.identity, rotation: .none)
        samples[1].reported.x = .nan
        #expect(throws: CalibrationError.nonFinite) { try CalibrationFit.solve(samples, windowSize: Self.size) }
        #expect(throws: CalibrationError.badWindowSize(width: 0, height: 480)) {
            try CalibrationFit.solve(Self.samples(.identity, rotation: .none), windowSize: Size(width: 0, height: 480))
        }
        #expect(throws: CalibrationError.currentMatrixSingular) {
            try CalibrationFit.solve(
                Self.samples(.identity, rotation: .none), windowSize: Self.size,
                current: CalibrationMatrix(1, 2, 0, 2, 4, 0))
        }
    }

    @Test func mapsComposeAndInvert() throws {
        let m = Self.distortions[6].1
        let p = Point(x: 0.3, y: 0.7)
        let back = try #require(m.inverted()).after(m).apply(p)
        #expect(abs(back.x - p.x) < 1e-12 && abs(back.y - p.y) < 1e-12)
        #expect(PlaneAffineMap(a: 1, b: 2, c: 3, d: 2, e: 4, f: 1).inverted() == nil)
        // The rotation maps agree with the host's own mapping.
        for rotation in DisplayRotation.allCases {
            let q = PlaneAffineMap.scale(800, 480).after(.rotation(rotation)).apply(p)
            let host = rotation.map(u: p.x, v: p.y, into: Size(width: 800, height: 480))
            #expect(abs(q.x - host.x) < 1e-9 && abs(q.y - host.y) < 1e-9, "\(rotation)")
        }
    }
}
