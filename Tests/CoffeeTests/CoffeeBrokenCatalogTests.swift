import Testing
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
@testable import Coffee

/// A user catalog that stops parsing (a price typed as text) never costs the cart: the
/// coffees the built-in catalog lacks are kept, shown as unavailable, never priced, and are
/// back in the order once the file parses again.
@Suite struct CoffeeBrokenCatalogTests {
    static let good = """
    {"branches": [{"name": "Corner", "phone": "1", "address": "Main St"}],
     "products": [{"name": "Kenya AA", "price": 600}, {"name": "House Blend", "price": 300}]}
    """
    static let broken = """
    {"branches": [{"name": "Corner", "phone": "1", "address": "Main St"}],
     "products": [{"name": "Kenya AA", "price": "600"}, {"name": "House Blend", "price": 300}]}
    """

    func saved(_ store: InMemoryStore) -> SavedCart? {
        store.files[CoffeeApp.file].flatMap { try? StateCodec.decode(SavedCart.self, from: $0, version: CoffeeApp.version).get() }
    }

    @Test func theUsersCoffeesSurviveABrokenCatalog() throws {
        let store = InMemoryStore(files: [Catalog.fileName: Array(Self.good.utf8)])
        var app = coffee(store)
        app.press([.tab, .char("+"), .char("+"), .char("+")])  // 3 × Kenya AA
        #expect(saved(store)?.quantities == ["Kenya AA": 3])

        // The file breaks; the built-in catalog stands in. A key saves the cart again.
        store.files[Catalog.fileName] = Array(Self.broken.utf8)
        var h = coffee(store)
        #expect(h.app.shop.unavailable.map(\.name) == ["Kenya AA"])
        h.press([.tab, .down, .char("+")])  // a built-in coffee
        let fallback = h.app
        let cart = try #require(saved(store))
        #expect(cart.quantities["Kenya AA"] == 3, "the user's coffee was dropped: \(cart.quantities)")
        #expect(cart.quantities.count == 2)
        #expect(fallback.shop.totalPrice == fallback.shop.products[1].price, "an unavailable coffee was priced")
        let text = h.text()
        #expect(text.contains("Kenya AA"), "not shown:\n\(text)")
        #expect(text.contains("unavailable"), "\(text)")
        let receipt = fallback.shop.receipt().joined(separator: "\n")
        #expect(receipt.contains("Kenya AA") && receipt.contains("not priced"), "\(receipt)")

        // Fixed: the coffee is back in the order.
        store.files[Catalog.fileName] = Array(Self.good.utf8)
        let back = coffee(store).app
        #expect(back.shop.quantities[0] == 3)
        #expect(back.shop.unavailable.isEmpty)
    }

    @Test func aReceiptCommandSaysTheCatalogIsBrokenWithStatus1() {
        let store = InMemoryStore(files: [Catalog.fileName: Array(Self.broken.utf8),
                                          CoffeeApp.file: Array(#"{"format":1,"data":{"quantities":{"Kenya AA":2}}}"#.utf8)])
        let out = CoffeeApp.runCommand(AppOptions(["--receipt": ""]), store: store, context: AppContext(now: now))
        #expect(out?.status == 1)
        #expect(out?.stderr.contains(Catalog.fileName) == true)
        #expect(out?.stdout.contains("Kenya AA") == true, "\(out?.stdout ?? "")")
    }
}
