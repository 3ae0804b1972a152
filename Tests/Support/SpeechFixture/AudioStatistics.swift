import ChildProcesses

/// What `sox FILE -n stat` says about a sound file: its length and loudness.
public struct AudioStatistics: Sendable, CustomStringConvertible {
    /// The duration in seconds.
    public let seconds: Double
    /// The RMS amplitude (0…1 of full scale): 0 is silence.
    public let rmsAmplitude: Double

    /// Runs `sox path -n stat` and reads "Length (seconds)" and "RMS amplitude".
    public init(path: String) throws {
        let result = try Subprocess.run(["sox", path, "-n", "stat"], timeout: 30)
        func number(_ label: String) -> Double? {
            for line in result.output.split(separator: "\n") where line.hasPrefix(label) {
                if let value = line.split(separator: ":").last.flatMap({ Double($0.trimmingCharacters(in: " ")) }) { return value }
            }
            return nil
        }
        guard result.status == 0, let seconds = number("Length (seconds)"), let rms = number("RMS     amplitude") else {
            throw Subprocess.Failure("sox \(path) -n stat failed (\(result.status)): \(result.output.suffix(500))")
        }
        self.seconds = seconds
        rmsAmplitude = rms
    }

    public var description: String { "\(seconds) s, RMS \(rmsAmplitude)" }
}

extension StringProtocol {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
