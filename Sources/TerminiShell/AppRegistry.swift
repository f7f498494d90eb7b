import Badminton
import Boxing
import Coffee
import Memory
import Stamps
import TerminiApp

/// The five apps, in launcher order (which is also the order of their F-keys, from F2).
public enum AppRegistry {
    public static var apps: [any MiniApp.Type] {
        [BadmintonApp.self, BoxingApp.self, MemoryApp.self, StampsApp.self, CoffeeApp.self]
    }

    public static var ids: [String] { apps.map { $0.descriptor.id } }

    /// The function key of the first app; the others follow in launcher order.
    public static let firstFunctionKey = 2
    /// The apps' function keys: F2 for the first, one more for each after it.
    public static var functionKeys: ClosedRange<Int> { firstFunctionKey...(firstFunctionKey + apps.count - 1) }
    /// The app function key `n` opens, if any.
    public static func app(functionKey n: Int) -> (any MiniApp.Type)? {
        functionKeys.contains(n) ? apps[n - firstFunctionKey] : nil
    }

    /// Screens of a command, opened only by it (`termini desk`): not in the launcher, no F-key.
    public static var screens: [any MiniApp.Type] { [DeskApp.self] }

    public static func app(_ id: String) -> (any MiniApp.Type)? {
        apps.first { $0.descriptor.id == id } ?? screens.first { $0.descriptor.id == id }
    }

    public static func index(of id: String) -> Int? {
        apps.firstIndex { $0.descriptor.id == id }
    }
}
