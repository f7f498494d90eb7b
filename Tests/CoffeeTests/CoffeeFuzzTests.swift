@testable import Coffee
import TerminiTestSupport
import TerminiCore
import TerminiWidgets
import TerminiApp
import Testing

/// 100,000 random keys into the Coffee Shop (and more into a one-item catalog and the largest
/// catalog allowed), with the cart checked after each key and restarts on the way.
@Suite struct CoffeeFuzzTests {
    static let favoured: [Key] = Array(repeating: [Key.char("+"), .char("-"), .up, .down, .left, .right], count: 5).flatMap { $0 }
        + [.char("="), .char("_"), .char("−"), .char("["), .char("]"), .tab, .backTab, .home, .end, .backspace, .delete,
           .char("c"), .char("C"), .char("y"), .char("n"), .enter, .char(" "), .pageUp, .pageDown, .escape, .char("q"),
           .char("1"), .char("3"), .char("5"), .char("9"), .char("0")]

    static func catalogFile(branches: Int, products: Int, price: Int) -> [UInt8] {
        let b = (0..<branches).map { "{\"name\": \"分店\($0)\", \"phone\": \"(02) \($0)\", \"address\": \"路 \($0) 號\", \"latinName\": \"Branch \($0)\"}" }
        let p = (0..<products).map { "{\"name\": \"Bean \($0)\", \"price\": \(price)}" }
        return Array("{\"currency\": \"€\", \"branches\": [\(b.joined(separator: ","))], \"products\": [\(p.joined(separator: ","))]}".utf8)
    }

    @Test(arguments: [("built-in", 100_000, 0, 0, 0), ("one item", 20_000, 1, 1, 1), ("largest", 20_000, Catalog.maxBranches, Catalog.maxProducts, Catalog.maxPrice)])
    func randomKeysKeepEveryInvariant(catalog: String, keys: Int, branches: Int, products: Int, price: Int) throws {
        var rng = Fuzz.random("CoffeeFuzzTests-" + catalog.split(separator: " ").joined(separator: "-"))
        let total = Fuzz.count(keys)
        let start = Fuzz.clock()
        let store = InMemoryStore()
        if branches > 0 { store.files[Catalog.fileName] = Self.catalogFile(branches: branches, products: products, price: price) }
        var d = FuzzDriver<CoffeeApp>(store: store, now: 1_800_000_000)
        #expect(d.app.customCatalog == (branches > 0), "\(store.notices)")
        var restarts = 0, clears = 0, maxTotal = 0, atBound = 0
        let (problem, renders) = d.run(total: total, using: &rng,
            keys: { rng, _ in
                // Now and then a long run of one key, to reach 99 bags and come back to 0.
                rng.chance(0.005) ? Array(repeating: rng.pick([Key.char("+"), .char("-")]), count: 120)
                    : KeyGen.burst(favoured: Self.favoured, favouredShare: 0.75, using: &rng)
            },
            key: { d, key, rng in
                d.advance(rng.double(0..<1))
                let before = d.app.shop
                let hadOverlay = !d.app.modals.isEmpty
                if let p = d.deliver(key) ?? Self.problem(d.app, before: before, hadOverlay: hadOverlay, key: key, store: d.store) { return p }
                if d.app.shop.isEmpty && !before.isEmpty { clears += 1 }
                if d.app.shop.quantities.contains(CoffeeShop.maxQuantity) { atBound += 1 }
                return nil
            },
            burst: { d in maxTotal = max(maxTotal, d.app.shop.totalQuantity) },
            check: { d, _ in
                let (again, notices, aside) = d.restarted()
                if !notices.isEmpty || !aside.isEmpty || again.shop.quantities != d.app.shop.quantities || again.shop.branch != d.app.shop.branch {
                    return "a restart gives \(again.shop.quantities) at \(again.shop.branch); notices \(notices)"
                }
                restarts += 1
                return nil
            },
            rendered: { d, unicode in _ = d.app.shop.receipt(unicode: unicode) })
        if let problem { Issue.record("\(problem)"); return }
        #expect(clears > 0 && atBound > 0, "clears \(clears), at 99 \(atBound)")
        Fuzz.report("coffee model (\(catalog) catalog): \(d.keysSent) keys (\(d.keysDelivered) reached the app), largest cart \(maxTotal) bags, "
            + "\(clears) clears, \(atBound) keys with a quantity at 99, \(restarts) restarts, \(renders) renders, every invariant held, "
            + "\(Int((Fuzz.clock() - start) * 1000)) ms")
    }

    /// Quantities within 0–99, one per product; one key changes at most one quantity, by one
    /// (or to 0 with Backspace/Delete, to the digit typed or ten times the last quantity plus
    /// it, or every one to 0 by the Clear dialog; u brings back the order before its last
    /// change, whatever that was); the branch and
    /// row stay on the catalog; the totals are the sums of the lines; what is saved is the cart.
    static func problem(_ app: CoffeeApp, before: CoffeeShop, hadOverlay: Bool, key: Key, store: InMemoryStore) -> String? {
        let s = app.shop
        guard s.quantities.count == s.products.count, s.quantities.allSatisfy({ (0...CoffeeShop.maxQuantity).contains($0) }) else {
            return "quantities \(s.quantities)"
        }
        guard s.branches.indices.contains(s.branch), s.products.indices.contains(s.row) else { return "branch \(s.branch), row \(s.row)" }
        guard s.totalQuantity == s.quantities.reduce(0, +), s.totalPrice == s.products.indices.reduce(0, { $0 + s.products[$1].price * s.quantities[$1] }),
              s.totalPrice >= 0 else { return "totals \(s.totalQuantity), \(s.totalPrice)" }
        let changed = s.quantities.indices.filter { s.quantities[$0] != before.quantities[$0] }
        if hadOverlay && !changed.isEmpty && !s.isEmpty { return "a quantity changed behind a dialog" }
        if hadOverlay && s.isEmpty || key == .char("u") && !hadOverlay {
            // The Clear dialog said yes; u undid a change.
        } else if changed.count > 1 {
            return "one key changed \(changed.count) quantities"
        } else if let r = changed.first {
            let (b, a) = (before.quantities[r], s.quantities[r])
            let typed = key.digit.map { a == $0 || a == b * 10 + $0 } ?? false
            if abs(a - b) != 1 && !(a == 0 && (key == .backspace || key == .delete)) && !typed {
                return "quantity \(b) → \(a) on \(key)"
            }
        }
        if s.quantities != before.quantities || s.branch != before.branch {
            let saved = store.files[CoffeeApp.file].flatMap { try? StateCodec.decode(SavedCart.self, from: $0, version: CoffeeApp.version).get() }
            if saved != s.saved { return "the saved cart \(String(describing: saved)) is not the cart \(s.saved)" }
        }
        return nil
    }
}
