import Testing
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
@testable import Coffee

/// Where things stand on screen as the carousel turns and the order changes: the storefront
/// keeps its place, the two panes of a wide screen line up, and a step redraws digits only.
@Suite struct CoffeeLayoutTests {
    /// The column and row where `text` starts on the canvas (cells, wide characters counted
    /// as two), or nil.
    static func find(_ text: String, in canvas: Canvas) -> (x: Int, y: Int)? {
        for y in 0..<canvas.height {
            var row = ""
            var columns: [Int] = []
            for x in 0..<canvas.width where !canvas[x, y].isContinuation {
                row.append(canvas[x, y].character)
                columns.append(x)
            }
            let chars = Array(row)
            let needle = Array(text)
            guard needle.count <= chars.count else { continue }
            for i in 0...(chars.count - needle.count) where Array(chars[i..<(i + needle.count)]) == needle {
                return (columns[i], y)
            }
        }
        return nil
    }

    @Test(arguments: [Size(width: 78, height: 21), Size(width: 78, height: 40), Size(width: 198, height: 57)])
    func theStorefrontAndTheNameStayInPlaceAcrossBranches(_ size: Size) {
        for unicode in [true, false] {
            var app = coffee(unicode: unicode)
            var signs: Set<[Int]> = []
            var names: Set<[Int]> = []
            for b in 1...5 {
                app.press(.char(Character(String(b))))
                let canvas = app.canvas(size: size)
                guard let sign = CoffeeLayoutTests.find("COFFEE \(b)", in: canvas) else {
                    Issue.record("no sign for branch \(b) at \(size)\n\(canvas.text)")
                    continue
                }
                signs.insert([sign.x, sign.y])
                let name = app.app.shop.currentBranch.name(unicode: unicode)
                if let n = CoffeeLayoutTests.find(name, in: canvas) {
                    // The tall layouts centre each name under the storefront: its row stays.
                    names.insert(size.height > 21 ? [n.y] : [n.x, n.y])
                } else {
                    Issue.record("no name for branch \(b) at \(size)\n\(canvas.text)")
                }
            }
            #expect(signs.count == 1, "\(size) unicode \(unicode): the storefront moved: \(signs)")
            #expect(names.count == 1, "\(size) unicode \(unicode): the name moved: \(names)")
        }
    }

    /// Found trying it as a new user would: at 60×20 branch 2's Latin address was cut without
    /// an ellipsis (its last line left out), and at 100×30 it left "Dist." alone on a line.
    @Test func anAddressIsCutWithAnEllipsisAndWrapsInBalancedLines() {
        var app = coffee()
        app.press(.char("2"))
        let small = app.lines(size: Size(width: 58, height: 17))
        let address = small.filter { $0.contains("No. 2, Aly. 25") }
        #expect(address.count == 1, "\(small.joined(separator: "\n"))")
        #expect(address.first.map { String($0.reversed().drop { $0 == " " }.reversed()) }?.hasSuffix("…") == true, "what does not fit ends in an ellipsis")
        for size in [Size(width: 98, height: 27), Size(width: 78, height: 21), Size(width: 198, height: 57)] {
            let lines = app.lines(size: size)
            #expect(!lines.contains { $0.split(separator: " ").map(String.init).filter { !"│─".contains($0) } == ["Dist."] },
                    "\(size): a word alone on a line\n\(lines.joined(separator: "\n"))")
            #expect(lines.joined(separator: " ").contains("Songshan"), "\(size): the address is whole")
        }
    }

    @Test func theTextAloneStartsOnOneRowForEveryBranch() {
        var app = coffee()
        var rows: Set<Int> = []
        for b in 1...5 {
            app.press(.char(Character(String(b))))
            let canvas = app.canvas(size: Size(width: 46, height: 14))
            if let n = CoffeeLayoutTests.find(app.app.shop.currentBranch.name, in: canvas) { rows.insert(n.y) }
        }
        #expect(rows.count == 1, "\(rows)")
    }

    @Test func besideTheStoresBothTitlesAreOnTheTopRowAndTheTwoBlocksLevel() {
        let store = InMemoryStore()
        var app = coffee(store)
        app.press([.down, .char("+"), .tab])
        let canvas = app.canvas(size: Size(width: 198, height: 57))
        let stores = CoffeeLayoutTests.find("Stores", in: canvas)
        let order = CoffeeLayoutTests.find("Order", in: canvas)
        #expect(stores?.y == 0 && order?.y == 0, "\(canvas.text)")
        #expect((order?.x ?? 0) > (stores?.x ?? 0) + 80)
        // The table's header sits level with the top of the storefront (both centred in the
        // rows under the titles), not at the top of one pane and the middle of the other.
        guard let roof = CoffeeLayoutTests.find("╭────────────────╮", in: canvas),
              let header = CoffeeLayoutTests.find("Coffee", in: canvas),
              let total = CoffeeLayoutTests.find("Total", in: canvas),
              let dots = CoffeeLayoutTests.find("●", in: canvas) else {
            Issue.record("\(canvas.text)")
            return
        }
        #expect(abs(header.y - roof.y) <= 2, "storefront at row \(roof.y), order header at row \(header.y)")
        #expect(abs(total.y - dots.y) <= 2, "dots at row \(dots.y), total at row \(total.y)")
        // Stacked, the title stays in the header of the table.
        let stacked = app.canvas()
        #expect(stacked.lines[12].hasPrefix("            Order                  Price      Bags          Amount"))
    }

    /// A stepper step (1 → 2 → 1, as the benchmark does) redraws only digits and the plural
    /// `s`, in four places, with no change of style anywhere: no attribute switch to send.
    @Test(arguments: [Size(width: 78, height: 21), Size(width: 198, height: 57), Size(width: 46, height: 14)])
    func aStepRedrawsDigitsOnlyAndNoStyle(_ size: Size) {
        let store = InMemoryStore()
        var app = coffee(store)
        app.press([.tab, .char("+")])
        for key: Key in [.char("+"), .char("-"), .right, .left] {
            let before = app.canvas(size: size)
            app.press([key])
            let after = app.canvas(size: size)
            var changed: [(x: Int, y: Int)] = []
            for y in 0..<size.height {
                for x in 0..<size.width where before[x, y] != after[x, y] {
                    changed.append((x, y))
                    #expect(before[x, y].style == after[x, y].style, "\(key) restyles (\(x), \(y)) at \(size)")
                    #expect(after[x, y].style.attributes.isEmpty, "\(key): (\(x), \(y)) at \(size) is not plain text")
                }
            }
            // The quantity, the line amount (2 digits), the bags and its s, the total (2 digits).
            #expect(changed.count == 7, "\(key) at \(size): \(changed)")
            #expect(Set(changed.map(\.y)).count == 2, "\(key) at \(size): \(changed)")
            #expect(changed.allSatisfy { after[$0.x, $0.y].character.isNumber || "s ".contains(after[$0.x, $0.y].character) })
        }
    }
}
