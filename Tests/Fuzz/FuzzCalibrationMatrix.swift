// libFuzzer target: the one calibration-matrix validation (`CalibrationMatrix(validating:)`) and
// the lenient reader of a device's own property (`init?(parsing:)`). Whatever is accepted must be
// six finite numbers within the bound and not singular. Built by Tools/fuzz.sh; not a SwiftPM target.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCalibrationMatrix(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let matrix = try? CalibrationMatrix(validating: text) {
        precondition(matrix.values.count == 6 && matrix.values.allSatisfy { $0.isFinite && $0.magnitude <= CalibrationMatrix.largestMagnitude })
        let v = matrix.values.map(Double.init)
        precondition((v[0] * v[4] - v[1] * v[3]).magnitude >= Double(CalibrationMatrix.smallestDeterminant))
    }
    if let lenient = CalibrationMatrix(parsing: text) { precondition(lenient.values.count == 6) }
    return 0
}
