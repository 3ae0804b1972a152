/// UIKit's `UIAccessibility`: the accessibility settings and services of the app, as static
/// members (this namespace is shared by the accessibility API, the screen reader and the visual
/// settings).
public enum Accessibility {}
