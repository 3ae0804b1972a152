// The harness a test imports: the scripted input (`InputDriver`, `USKeyboard`) and the hit-test
// files (`TextFile`, `VTree`). They live in modules of their own because the host's headless
// target uses them as a product feature, and the host must not link a testing module.
@_exported import HitTestFiles
@_exported import ScriptedInput
