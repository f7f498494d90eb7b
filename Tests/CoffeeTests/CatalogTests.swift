import Testing
import TerminiCore
import TerminiWidgets
import TerminiApp
@testable import Coffee

func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

func parseError(_ s: String) -> CatalogError? {
    if case .failure(let e) = Catalog.parse(bytes(s)) { return e }
    return nil
}

let goodCatalog = """
{
  "currency": "¥",
  "branches": [
    { "name": "銀座店", "phone": "03-1234-5678", "address": "中央区銀座1-2-3",
      "latinName": "Ginza", "latinAddress": "1-2-3 Ginza, Chuo" },
    { "name": "Kyoto", "phone": "075-000-0000", "address": "Shijo 4" }
  ],
  "products": [
    { "name": "Blend", "price": 1200 },
    { "name": "Decaf \\u00e9t\\u00e9 \\ud83d\\ude00", "price": 0 }
  ]
}
"""

@Suite struct CatalogTests {
    @Test func readsAGoodCatalog() throws {
        let c = try Catalog.parse(bytes(goodCatalog)).get()
        #expect(c.currency == "¥")
        #expect(c.branches.count == 2)
        #expect(c.branches[0] == Branch(name: "銀座店", phone: "03-1234-5678", address: "中央区銀座1-2-3",
                                        latinName: "Ginza", latinAddress: "1-2-3 Ginza, Chuo"))
        #expect(c.branches[1].latinName == nil)
        #expect(c.branches[1].name(unicode: false) == "Kyoto")
        #expect(c.products == [Product(name: "Blend", price: 1200), Product(name: "Decaf été 😀", price: 0)])
    }

    @Test func currencyDefaultsToNewTaiwanDollars() throws {
        let c = try Catalog.parse(bytes(#"{"branches":[{"name":"a","phone":"1","address":"x"}],"products":[{"name":"b","price":5}]}"#)).get()
        #expect(c.currency == "NT$")
    }

    @Test func byteOrderMarkIsFine() throws {
        let c = try Catalog.parse([0xEF, 0xBB, 0xBF] + bytes(goodCatalog)).get()
        #expect(c.products.count == 2)
    }

    /// Each broken catalog and the line and words of its error.
    @Test(arguments: [
        // Syntax.
        ("", 1, "the file is empty"),
        ("{\n  \"branches\": [\n    { \"name\": \"a\" \"phone\": \"1\" }\n  ]\n}", 3, "expected ',' or '}' after the value of \"name\""),
        ("{\n  \"products\": [\n    { \"name\": \"a\", \"price\": 5, },\n  ]\n}", 3, "a comma before '}' is not allowed"),
        ("{\n  \"products\": [1, 2,\n  ]\n}", 3, "a comma before ']' is not allowed"),
        ("{\n  'branches': []\n}", 2, "expected a key in double quotes"),
        ("{\n  \"a\": \"open\n}", 2, "no closing '\"'"),
        ("{\n\n  \"a\": tru\n}", 3, "unknown word"),
        ("{\n  \"a\": 0280\n}", 2, "must not start with 0"),
        ("{\n  \"a\": \"\\q\"\n}", 2, "unknown escape"),
        ("{\n  \"a\": 1\n}\n}", 4, "after the end of the JSON value"),
        ("{\n  \"a\": [1, 2\n", 3, "a ']' is missing"),
        ("[1, 2]", 1, "the catalog must be an object"),
        // Content.
        ("{\n  \"branches\": [],\n  \"products\": [{\"name\": \"a\", \"price\": 1}]\n}", 2, "\"branches\" is empty"),
        ("{\n  \"branches\": [{\"name\": \"a\", \"phone\": \"1\", \"address\": \"x\"}],\n  \"products\": {}\n}", 3,
         "\"products\" must be a list"),
        ("{\n  \"branches\": [{\"name\": \"a\", \"phone\": \"1\", \"address\": \"x\"}],\n  \"products\": [\n    {\"name\": \"Geisha\",\n     \"price\": \"550\"}\n  ]\n}", 5,
         "the price of \"Geisha\" must be a number such as 280, not text"),
        ("{\n  \"branches\": [{\"name\": \"a\", \"phone\": \"1\", \"address\": \"x\"}],\n  \"products\": [{\"name\": \"Kenya\", \"price\": 499.5}]\n}", 3,
         "must be a whole number (499.5 has decimals)"),
        ("{\n  \"branches\": [{\"name\": \"a\", \"phone\": \"1\", \"address\": \"x\"}],\n  \"products\": [{\"name\": \"Kenya\", \"price\": -1}]\n}", 3,
         "is negative"),
        ("{\n  \"branches\": [{\"name\": \"a\", \"phone\": \"1\", \"address\": \"x\"}],\n  \"products\": [\n    {\"name\": \"Kenya\", \"prise\": 5}\n  ]\n}", 4,
         "unknown key \"prise\" in product 1"),
        ("{\n  \"branches\": [\n    {\"phone\": \"1\", \"address\": \"x\"}\n  ],\n  \"products\": [{\"name\": \"a\", \"price\": 1}]\n}", 3,
         "branch 1 has no \"name\""),
        ("{\n  \"branches\": [{\"name\": \"a\", \"phone\": \"1\", \"address\": \"x\"}],\n  \"products\": [\n    {\"name\": \"a\", \"price\": 1},\n    {\"name\": \"a\", \"price\": 2}\n  ]\n}", 5,
         "a second product named \"a\""),
        ("{\n  \"branches\": [{\"name\": \" \", \"phone\": \"1\", \"address\": \"x\"}],\n  \"products\": [{\"name\": \"a\", \"price\": 1}]\n}", 2,
         "the name of branch 1 is empty"),
        ("{\n  \"branches\": [{\"name\": \"a\", \"phone\": \"1\", \"address\": \"x\", \"latinName\": \"店\"}],\n  \"products\": [{\"name\": \"a\", \"price\": 1}]\n}", 2,
         "must use ASCII letters only"),
        ("{\n  \"currency\": 5,\n  \"branches\": [{\"name\": \"a\", \"phone\": \"1\", \"address\": \"x\"}],\n  \"products\": [{\"name\": \"a\", \"price\": 1}]\n}", 2,
         "\"currency\" must be text"),
        ("{\n  \"products\": [{\"name\": \"a\", \"price\": 1}]\n}", 1, "the catalog has no \"branches\""),
        ("{\n  \"branches\": [{\"name\": \"a\", \"phone\": \"1\", \"address\": \"x\"}],\n  \"products\": [{\"name\": \"a\", \"price\": 1}],\n  \"branches\": []\n}", 4,
         "\"branches\" appears twice"),
    ])
    func reportsTheLine(_ text: String, _ line: Int, _ words: String) {
        let e = parseError(text)
        #expect(e?.line == line, "\(String(describing: e))")
        #expect(e?.message.contains(words) == true, "\(String(describing: e))")
    }

    @Test func reportNamesTheFileLineAndColumn() {
        let e = parseError("{\n  \"a\": 1\n  \"b\": 2\n}")
        #expect(e?.report() == "coffee-catalog.json line 3, column 3: expected ',' or '}' after the value of \"a\", found '\"'")
        // Columns count characters, not bytes, so CJK text before the error does not skew them.
        let cjk = parseError("{\"名前\": 1 x}")
        #expect(cjk?.column == 10)
    }

    @Test func limits() {
        let branch = #"{"name":"a","phone":"1","address":"x"}"#
        let many = "{\"branches\":[" + Array(repeating: branch, count: 31).joined(separator: ",") + "],\"products\":[{\"name\":\"a\",\"price\":1}]}"
        #expect(parseError(many)?.message.contains("more than the 30") == true)
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(parseError(deep)?.message.contains("nested too deeply") == true)
        let huge = #"{"branches":[{"name":"a","phone":"1","address":"x"}],"products":[{"name":"a","price":99999999999999999999}]}"#
        #expect(parseError(huge)?.message.contains("too large") == true)
    }

    @Test func controlCharactersAreStripped() throws {
        let c = try Catalog.parse(bytes(#"{"branches":[{"name":"a\u001b[31mb","phone":"1","address":"x"}],"products":[{"name":"c","price":1}]}"#)).get()
        #expect(c.branches[0].name == "a[31mb")
    }
}
