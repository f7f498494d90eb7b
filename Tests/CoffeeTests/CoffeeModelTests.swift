import Testing
import TerminiCore
import TerminiWidgets
import TerminiApp
@testable import Coffee
import TerminiTestSupport

@Suite struct MoneyTests {
    @Test(arguments: [
        (0, "NT$0"), (5, "NT$5"), (280, "NT$280"), (999, "NT$999"), (1000, "NT$1,000"), (1230, "NT$1,230"),
        (12_345, "NT$12,345"), (270_270, "NT$270,270"), (1_000_000, "NT$1,000,000"), (1_234_567_890, "NT$1,234,567,890"),
        (-1230, "-NT$1,230"),
    ])
    func formatsWithThousandsSeparators(_ amount: Int, _ text: String) {
        #expect(Money.format(amount, currency: "NT$") == text)
    }

    @Test func otherCurrencies() {
        #expect(Money.format(1500, currency: "¥") == "¥1,500")
        #expect(Money.format(12, currency: "$") == "$12")
    }
}

@Suite struct CoffeeShopTests {
    let prices = [280, 450, 450, 550, 500, 500]

    @Test func builtInCatalogIsTheOriginal() {
        let c = Catalog.builtIn
        #expect(c.branches.map(\.name) == ["民權創始店", "二號公園店", "三號松江店", "古亭示範店", "內湖港墘店"])
        #expect(c.branches.map(\.phone) == ["(02)2545-9945", "(02)2545-3737", "(02)2571-6845", "(02)2365-6627", "(02)2797-1919"])
        #expect(c.branches.map(\.address) == ["松山區民權東路三段140巷2-1號", "松山區民生東路三段113巷25弄2號",
                                              "中山區松江路330巷30號", "中正區金門街2-6號", "內湖區港墘路127巷12號"])
        #expect(c.products.map(\.name) == ["House Blend", "Ethiopia (washed)", "Ethiopia (natural)", "Geisha", "Kenya", "Sumatra"])
        #expect(c.products.map(\.price) == prices)
        #expect(c.currency == "NT$")
        for b in c.branches {
            #expect(b.latinName?.allSatisfy(\.isASCII) == true)
            #expect(b.latinAddress?.allSatisfy(\.isASCII) == true)
        }
    }

    /// Every combination of the six products (64), each bought in a different quantity, must
    /// total the sum of price × quantity computed here independently.
    @Test(arguments: 0..<64)
    func totalsForEveryCombination(_ mask: Int) {
        var shop = CoffeeShop(catalog: .builtIn)
        var expectedQty = 0, expectedPrice = 0
        for r in 0..<6 where mask & (1 << r) != 0 {
            let q = r + 1 + (mask % 5)
            shop.setQuantity(q, at: r)
            expectedQty += q
            expectedPrice += prices[r] * q
        }
        #expect(shop.totalQuantity == expectedQty)
        #expect(shop.totalPrice == expectedPrice)
        #expect(shop.isEmpty == (mask == 0))
    }

    @Test(arguments: [
        ([0, 0, 0, 0, 0, 0], 0, "NT$0"),
        ([1, 0, 0, 0, 0, 0], 1, "NT$280"),
        ([2, 1, 0, 0, 0, 0], 3, "NT$1,010"),
        ([1, 1, 1, 1, 1, 1], 6, "NT$2,730"),
        ([0, 0, 0, 2, 0, 0], 2, "NT$1,100"),
        ([99, 99, 99, 99, 99, 99], 594, "NT$270,270"),
    ])
    func totalsTable(_ q: [Int], _ qty: Int, _ price: String) {
        var shop = CoffeeShop(catalog: .builtIn)
        for (r, n) in q.enumerated() { shop.setQuantity(n, at: r) }
        #expect(shop.totalQuantity == qty)
        #expect(shop.money(shop.totalPrice) == price)
    }

    @Test func stepperStaysWithinZeroAndNinetyNine() {
        var shop = CoffeeShop(catalog: .builtIn)
        let r1 = shop.decrement()

        #expect(!r1)
        #expect(shop.quantities[0] == 0)
        for _ in 0..<120 { shop.increment() }
        #expect(shop.quantities[0] == 99)
        let r2 = shop.increment()

        #expect(!r2)
        let r3 = shop.decrement()

        #expect(r3)
        #expect(shop.quantities[0] == 98)
        let r4 = shop.setQuantity(98, at: 0)

        #expect(!r4)
        let r5 = shop.setQuantity(500, at: 1)

        #expect(r5)
        #expect(shop.quantities[1] == 99)
        let r6 = shop.setQuantity(-3, at: 1)

        #expect(r6)
        #expect(shop.quantities[1] == 0)
        let r7 = shop.setQuantity(1, at: 6)

        #expect(!r7)
    }

    @Test func rowsStopAtTheEnds() {
        var shop = CoffeeShop(catalog: .builtIn)
        shop.moveRow(by: -1)
        #expect(shop.row == 0)
        shop.moveRow(by: 3)
        #expect(shop.row == 3)
        shop.increment()
        #expect(shop.quantities == [0, 0, 0, 1, 0, 0])
        shop.moveRow(by: 10)
        #expect(shop.row == 5)
    }

    @Test func clearSetsEverythingToZero() {
        var shop = CoffeeShop(catalog: .builtIn)
        for r in 0..<6 { shop.setQuantity(r + 2, at: r) }
        shop.clear()
        #expect(shop.quantities == [0, 0, 0, 0, 0, 0])
        #expect(shop.totalQuantity == 0)
        #expect(shop.totalPrice == 0)
        #expect(shop.isEmpty)
    }

    @Test func carouselWrapsBothWaysAndJumps() {
        var shop = CoffeeShop(catalog: .builtIn)
        #expect(shop.branch == 0)
        shop.previousBranch()
        #expect(shop.branch == 4)
        shop.nextBranch()
        #expect(shop.branch == 0)
        for _ in 0..<4 { shop.nextBranch() }
        #expect(shop.branch == 4)
        shop.nextBranch()
        #expect(shop.branch == 0)
        let r8 = shop.showBranch(3)

        #expect(r8)
        #expect(shop.currentBranch.name == "古亭示範店")
        let r9 = shop.showBranch(5)

        #expect(!r9)
        let r10 = shop.showBranch(-1)

        #expect(!r10)
        #expect(shop.branch == 3)
    }

    @Test func savedCartRestoresByName() {
        var shop = CoffeeShop(catalog: .builtIn)
        shop.showBranch(2)
        shop.setQuantity(2, at: 0)
        shop.setQuantity(1, at: 3)
        let saved = shop.saved
        #expect(saved == SavedCart(branch: "三號松江店", quantities: ["House Blend": 2, "Geisha": 1]))
        let back = CoffeeShop(catalog: .builtIn, saved: saved)
        #expect(back.branch == 2)
        #expect(back.quantities == [2, 0, 0, 1, 0, 0])
        // Names the catalog no longer has are dropped; out-of-range numbers are clamped.
        let odd = CoffeeShop(catalog: .builtIn, saved: SavedCart(branch: "gone", quantities: ["Kopi Luwak": 3, "Kenya": 400, "Sumatra": -2]))
        #expect(odd.branch == 0)
        #expect(odd.quantities == [0, 0, 0, 0, 99, 0])
    }

    @Test func receiptListsWhatWasBought() {
        var shop = CoffeeShop(catalog: .builtIn)
        shop.setQuantity(2, at: 0)
        shop.setQuantity(3, at: 2)
        shop.setQuantity(1, at: 3)
        #expect(shop.receipt(unicode: false, originalNames: true) == [
            "           COFFEE SHOP RECEIPT",
            "                民權創始店",
            "             Minquan Original",
            "              (02)2545-9945",
            "       松山區民權東路三段140巷2-1號",
            "------------------------------------------",
            "House Blend          2 x NT$280     NT$560",
            "Ethiopia (natural)   3 x NT$450   NT$1,350",
            "Geisha               1 x NT$550     NT$550",
            "------------------------------------------",
            "Total  6 bags                     NT$2,460",
        ])
        // The Chinese lines are centred by display width: the name's 10 cells sit in the middle.
        let lines = shop.receipt(unicode: false, originalNames: true)
        #expect(DisplayWidth.of(lines[1]) == 16 + 10)
    }

    @Test func oneWordForTheUnit() {
        #expect(CoffeeShop.bags(0) == "0 bags")
        #expect(CoffeeShop.bags(1) == "1 bag")
        #expect(CoffeeShop.bags(2) == "2 bags")
        var shop = CoffeeShop(catalog: .builtIn)
        shop.setQuantity(1, at: 0)
        #expect(shop.receipt().last?.hasPrefix("Total  1 bag ") == true)
    }

    @Test func receiptSignsFollowTheScreen() {
        var shop = CoffeeShop(catalog: .builtIn)
        shop.setQuantity(2, at: 0)
        let utf8 = shop.receipt(unicode: true)
        #expect(utf8.contains("House Blend    2 × NT$280   NT$560"))
        #expect(utf8.contains { $0.contains("民權創始店") })
        #expect(utf8.contains { !$0.isEmpty && $0.allSatisfy { $0 == "─" } })
        let plain = shop.receipt(unicode: false)
        #expect(plain.contains { $0.hasPrefix("House Blend    2 x NT$280 ") })
        #expect(!plain.joined().contains("民權"))
        #expect(plain.contains { $0.contains("Minquan Original") })
        #expect(plain.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) })
    }

    @Test func emptyReceipt() {
        let shop = CoffeeShop(catalog: .builtIn)
        let r = shop.receipt(unicode: true)
        #expect(r.contains("(nothing ordered)"))
        #expect(r.last?.hasPrefix("Total  0 bags") == true)
        #expect(r.last?.hasSuffix("NT$0") == true)
    }
}

@Suite struct CoffeeSavedJSONTests {
    @Test func theSaveIsTheJSONItAlwaysWas() {
        #expect(savedJSONProblem(SavedCart()) == nil)
        #expect(savedJSONProblem(SavedCart(branch: "三號松江店 \"A/B\" \\ \u{1}", quantities: ["House Blend": 2, "Geisha": 1, "😁": 99, "": 0])) == nil)
    }
}
