import Badminton
import Boxing
import Coffee
import Memory
import Stamps
import TerminiApp

/// The five apps, in launcher order (which is also the order of F2–F6).
public enum AppRegistry {
    public static var apps: [any MiniApp.Type] {
        [BadmintonApp.self, BoxingApp.self, MemoryApp.self, StampsApp.self, CoffeeApp.self]
    }

    public static var ids: [String] { apps.map { $0.descriptor.id } }

    public static func app(_ id: String) -> (any MiniApp.Type)? {
        apps.first { $0.descriptor.id == id }
    }

    public static func index(of id: String) -> Int? {
        apps.firstIndex { $0.descriptor.id == id }
    }
}
