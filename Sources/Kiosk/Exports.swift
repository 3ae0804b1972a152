// The host is used together with the main loop it runs on: `import Kiosk` brings `MainLoop` and
// `MainLoopSource` along, as it did before the loop became a module of its own.
@_exported import KioskLoop
