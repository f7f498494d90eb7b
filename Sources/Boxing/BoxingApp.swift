import TerminiKit

/// Placeholder until the app's issue lands: the window, help and switching are real.
public struct BoxingApp: MiniApp {
    public static let descriptor = AppDescriptor(id: "boxing", name: "Boxing Time", summary: "Punch the sandbag or the trash can")

    public init(options: AppOptions, store: any StateReader, context: AppContext) {}

    public var hints: [KeyHint] { [] }
    public var help: [HelpSection] { [] }
    public var minimumSize: Size { Size(width: 20, height: 3) }

    public mutating func handle(_ key: Key, context: AppContext) -> [AppEffect] { [] }

    public func render(in rect: Rect, on canvas: inout Canvas, theme: Theme, context: AppContext) {
        Label("Boxing Time\ncoming soon", role: .muted, alignment: .center).render(in: rect.centered(Size(width: rect.width, height: 2)), on: &canvas, theme: theme)
    }
}
