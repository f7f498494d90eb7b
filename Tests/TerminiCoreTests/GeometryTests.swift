import Testing
@testable import TerminiCore
import TerminiTestSupport
@testable import TerminiWidgets
@testable import TerminiApp

@Suite struct RectTests {
    let r = Rect(x: 2, y: 3, width: 10, height: 5)

    @Test func edgesAndArea() {
        #expect(r.maxX == 12)
        #expect(r.maxY == 8)
        #expect(r.area == 50)
        #expect(r.size == Size(width: 10, height: 5))
        #expect(!r.isEmpty)
        #expect(r.description == "(2,3 10×5)")
    }

    @Test func negativeSizesBecomeEmpty() {
        let e = Rect(x: 4, y: 4, width: -3, height: 2)
        #expect(e.width == 0)
        #expect(e.isEmpty)
        #expect(Rect(x: 0, y: 0, width: 3, height: 0).isEmpty)
        #expect(Rect.zero.isEmpty)
        #expect(!e.contains(x: 4, y: 4))
    }

    @Test func containsIsHalfOpen() {
        #expect(r.contains(x: 2, y: 3))
        #expect(r.contains(x: 11, y: 7))
        #expect(!r.contains(x: 12, y: 7))
        #expect(!r.contains(x: 11, y: 8))
        #expect(!r.contains(x: 1, y: 3))
    }

    @Test func columnsGiveTheRemainderToTheFirst() {
        let cols = Rect(x: 0, y: 1, width: 10, height: 2).columns(3)
        #expect(cols == [
            Rect(x: 0, y: 1, width: 4, height: 2),
            Rect(x: 4, y: 1, width: 3, height: 2),
            Rect(x: 7, y: 1, width: 3, height: 2),
        ])
    }

    @Test func columnsWithGaps() {
        // 10 cells, two gaps of 1: 8 cells for three columns, 3+3+2.
        let cols = Rect(x: 0, y: 0, width: 10, height: 1).columns(3, gap: 1)
        #expect(cols.map(\.x) == [0, 4, 8])
        #expect(cols.map(\.width) == [3, 3, 2])
        #expect(cols.last?.maxX == 10)
    }

    @Test func rowsWithRemainderAndGaps() {
        let rows = Rect(x: 5, y: 0, width: 3, height: 11).rows(4, gap: 1)
        // 11 - 3 gaps = 8 cells: 2 each.
        #expect(rows.map(\.y) == [0, 3, 6, 9])
        #expect(rows.map(\.height) == [2, 2, 2, 2])
        #expect(rows.allSatisfy { $0.x == 5 && $0.width == 3 })
        let uneven = Rect(x: 0, y: 0, width: 1, height: 7).rows(3)
        #expect(uneven.map(\.height) == [3, 2, 2])
        #expect(uneven.map(\.y) == [0, 3, 5])
    }

    @Test func splittingIntoNothingOrTooMany() {
        #expect(r.columns(0).isEmpty)
        #expect(r.rows(-1).isEmpty)
        // More gap than room: every part is empty, none has a negative size.
        let parts = Rect(x: 0, y: 0, width: 2, height: 1).columns(3, gap: 1)
        #expect(parts.count == 3)
        #expect(parts.allSatisfy { $0.isEmpty && $0.width == 0 })
        // Splitting an empty rect gives empty parts.
        #expect(Rect.zero.rows(2).allSatisfy { $0.isEmpty })
    }

    @Test func insets() {
        #expect(r.inset(by: 1) == Rect(x: 3, y: 4, width: 8, height: 3))
        #expect(r.inset(top: 1, left: 2, bottom: 0, right: 3) == Rect(x: 4, y: 4, width: 5, height: 4))
        #expect(r.inset(horizontal: 2, vertical: 1) == Rect(x: 4, y: 4, width: 6, height: 3))
        // Insetting more than the size leaves an empty rect, never a negative one.
        let tooMuch = r.inset(by: 3)
        #expect(tooMuch.height == 0)
        #expect(tooMuch.width == 4)
        #expect(tooMuch.isEmpty)
        #expect(r.inset(by: 20).width == 0)
    }

    @Test func centering() {
        let box = Rect(x: 0, y: 0, width: 10, height: 5)
        #expect(box.centered(Size(width: 4, height: 2)) == Rect(x: 3, y: 1, width: 4, height: 2))
        #expect(box.centered(Size(width: 3, height: 3)) == Rect(x: 3, y: 1, width: 3, height: 3))
        // Too large: clipped to the rect.
        #expect(box.centered(Size(width: 20, height: 1)) == Rect(x: 0, y: 2, width: 10, height: 1))
        #expect(r.centered(Size(width: 2, height: 1)) == Rect(x: 6, y: 5, width: 2, height: 1))
    }

    @Test func intersection() {
        let a = Rect(x: 0, y: 0, width: 5, height: 5)
        let b = Rect(x: 3, y: 2, width: 5, height: 5)
        #expect(a.intersection(b) == Rect(x: 3, y: 2, width: 2, height: 3))
        #expect(b.intersection(a) == a.intersection(b))
        #expect(a.intersection(a) == a)
        // Disjoint and touching rects have an empty intersection.
        #expect(a.intersection(Rect(x: 10, y: 10, width: 2, height: 2)).isEmpty)
        #expect(a.intersection(Rect(x: 5, y: 0, width: 2, height: 2)).isEmpty)
        #expect(a.intersection(.zero).isEmpty)
    }

    @Test func edgesOfARect() {
        #expect(r.top(2) == Rect(x: 2, y: 3, width: 10, height: 2))
        #expect(r.bottom(1) == Rect(x: 2, y: 7, width: 10, height: 1))
        #expect(r.left(3) == Rect(x: 2, y: 3, width: 3, height: 5))
        #expect(r.right(3) == Rect(x: 9, y: 3, width: 3, height: 5))
        #expect(r.bottom(99) == r)
        #expect(r.right(99) == r)
        #expect(r.row(0) == Rect(x: 2, y: 3, width: 10, height: 1))
        #expect(r.row(4) == Rect(x: 2, y: 7, width: 10, height: 1))
        #expect(r.row(5).isEmpty)
        #expect(r.row(-1).isEmpty)
    }

    @Test func sizes() {
        #expect(Size(width: 80, height: 24).contains(Size(width: 80, height: 24)))
        #expect(!Size(width: 80, height: 24).contains(Size(width: 81, height: 2)))
        #expect(Size(width: 80, height: 24).description == "80×24")
        #expect(Rect(Size(width: 3, height: 2)) == Rect(x: 0, y: 0, width: 3, height: 2))
    }
}
