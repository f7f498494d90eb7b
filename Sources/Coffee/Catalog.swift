import TerminiCore
import TerminiData

/// A shop: its name, phone and address as the shop writes them (the originals are Chinese),
/// and optionally the same in Latin letters for terminals that cannot show them (`--ascii`,
/// a non-UTF-8 locale) and for readers who do not read Chinese.
public struct Branch: Equatable, Sendable {
    public var name: String
    public var phone: String
    public var address: String
    public var latinName: String?
    public var latinAddress: String?

    public init(name: String, phone: String, address: String, latinName: String? = nil, latinAddress: String? = nil) {
        self.name = name
        self.phone = phone
        self.address = address
        self.latinName = latinName
        self.latinAddress = latinAddress
    }

    /// The name to show: the Latin form on an ASCII-only screen when there is one.
    public func name(unicode: Bool) -> String { unicode ? name : latinName ?? name }
    public func address(unicode: Bool) -> String { unicode ? address : latinAddress ?? address }
}

/// A coffee sold by the bag, and its price in whole units of the currency.
public struct Product: Equatable, Sendable {
    public var name: String
    public var price: Int
    public init(name: String, price: Int) {
        self.name = name
        self.price = price
    }
}

/// The branches and the products: built in (the original app's), or read from
/// `coffee-catalog.json` in the config directory.
public struct Catalog: Equatable, Sendable {
    /// Written before amounts: `NT$` gives `NT$1,230`.
    public var currency: String
    public var branches: [Branch]
    public var products: [Product]

    public init(currency: String, branches: [Branch], products: [Product]) {
        self.currency = currency
        self.branches = branches
        self.products = products
    }

    public static let fileName = "coffee-catalog.json"
    public static let maxBranches = 30
    public static let maxProducts = 50
    public static let maxPrice = 1_000_000
    /// Longest name, phone or address, in terminal cells.
    public static let maxTextWidth = 80

    /// The five branches and six coffees of the original app.
    public static let builtIn = Catalog(
        currency: "NT$",
        branches: [
            Branch(name: "民權創始店", phone: "(02)2545-9945", address: "松山區民權東路三段140巷2-1號",
                   latinName: "Minquan Original", latinAddress: "No. 2-1, Ln. 140, Sec. 3, Minquan E. Rd., Songshan Dist."),
            Branch(name: "二號公園店", phone: "(02)2545-3737", address: "松山區民生東路三段113巷25弄2號",
                   latinName: "No. 2 Park", latinAddress: "No. 2, Aly. 25, Ln. 113, Sec. 3, Minsheng E. Rd., Songshan Dist."),
            Branch(name: "三號松江店", phone: "(02)2571-6845", address: "中山區松江路330巷30號",
                   latinName: "No. 3 Songjiang", latinAddress: "No. 30, Ln. 330, Songjiang Rd., Zhongshan Dist."),
            Branch(name: "古亭示範店", phone: "(02)2365-6627", address: "中正區金門街2-6號",
                   latinName: "Guting Showcase", latinAddress: "No. 2-6, Jinmen St., Zhongzheng Dist."),
            Branch(name: "內湖港墘店", phone: "(02)2797-1919", address: "內湖區港墘路127巷12號",
                   latinName: "Neihu Gangqian", latinAddress: "No. 12, Ln. 127, Gangqian Rd., Neihu Dist."),
        ],
        products: [
            Product(name: "House Blend", price: 280),
            Product(name: "Ethiopia (washed)", price: 450),
            Product(name: "Ethiopia (natural)", price: 450),
            Product(name: "Geisha", price: 550),
            Product(name: "Kenya", price: 500),
            Product(name: "Sumatra", price: 500),
        ])
}

/// Why a catalog file could not be used, with the line to look at.
public struct CatalogError: Error, Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int?
    public var message: String

    public var description: String {
        "line \(line)" + (column.map { ", column \($0)" } ?? "") + ": \(message)"
    }

    /// The whole message for the user, naming the file.
    public func report(file: String = Catalog.fileName) -> String {
        "\(file) \(description)"
    }
}

extension Catalog {
    /// Reads a catalog file. Every mistake is reported with its line; nothing is guessed.
    public static func parse(_ bytes: [UInt8]) -> Result<Catalog, CatalogError> {
        switch JSON.parse(bytes) {
        case .failure(let e): return .failure(CatalogError(line: e.line, column: e.column, message: e.message))
        case .success(let root):
            do { return .success(try decode(root)) } catch let e as CatalogError { return .failure(e) } catch {
                return .failure(CatalogError(line: 1, message: "\(error)"))
            }
        }
    }

    static func decode(_ root: JSON) throws -> Catalog {
        let top = try fields(root, what: "the catalog", allowed: ["currency", "branches", "products"], required: ["branches", "products"])
        var currency = "NT$"
        if let c = top["currency"] {
            currency = try text(c, what: "\"currency\"", maxWidth: 6)
        }
        guard let branchesNode = top["branches"], case .array(let branchItems) = branchesNode.node.value else {
            throw typeError(top["branches"], "\"branches\" must be a list of branches ([ {…}, … ])")
        }
        guard !branchItems.isEmpty else { throw CatalogError(line: branchesNode.line, message: "\"branches\" is empty: give at least one branch") }
        guard branchItems.count <= maxBranches else {
            throw CatalogError(line: branchesNode.line, message: "\(branchItems.count) branches is more than the \(maxBranches) Termini shows")
        }
        var branches: [Branch] = []
        for (n, item) in branchItems.enumerated() {
            let what = "branch \(n + 1)"
            let f = try fields(item, what: what, allowed: ["name", "phone", "address", "latinName", "latinAddress"],
                               required: ["name", "phone", "address"])
            branches.append(Branch(
                name: try text(f["name"], what: "the name of \(what)"),
                phone: try text(f["phone"], what: "the phone of \(what)"),
                address: try text(f["address"], what: "the address of \(what)"),
                latinName: try f["latinName"].map { try asciiText($0, what: "the latinName of \(what)") },
                latinAddress: try f["latinAddress"].map { try asciiText($0, what: "the latinAddress of \(what)") }))
        }
        guard let productsNode = top["products"], case .array(let productItems) = productsNode.node.value else {
            throw typeError(top["products"], "\"products\" must be a list of products ([ {…}, … ])")
        }
        guard !productItems.isEmpty else { throw CatalogError(line: productsNode.line, message: "\"products\" is empty: give at least one product") }
        guard productItems.count <= maxProducts else {
            throw CatalogError(line: productsNode.line, message: "\(productItems.count) products is more than the \(maxProducts) Termini shows")
        }
        var products: [Product] = []
        for (n, item) in productItems.enumerated() {
            let what = "product \(n + 1)"
            let f = try fields(item, what: what, allowed: ["name", "price"], required: ["name", "price"])
            let name = try text(f["name"], what: "the name of \(what)", maxWidth: 30)
            if products.contains(where: { $0.name == name }), let line = f["name"]?.line {
                throw CatalogError(line: line, message: "a second product named \"\(name)\" (names must differ: the cart is kept by name)")
            }
            products.append(Product(name: name, price: try price(f["price"], of: name)))
        }
        return Catalog(currency: currency, branches: branches, products: products)
    }

    /// The members of an object, checked for unknown, repeated and missing keys.
    static func fields(_ node: JSON, what: String, allowed: [String], required: [String]) throws -> [String: JSON.Member] {
        guard case .object(let members) = node.value else {
            throw CatalogError(line: node.line, message: "\(what) must be an object ({ \"key\": value, … }), not \(node.kind)")
        }
        var out: [String: JSON.Member] = [:]
        for m in members {
            guard allowed.contains(m.key) else {
                throw CatalogError(line: m.line, message: "unknown key \"\(TextLayout.sanitized(m.key))\" in \(what) (known: \(allowed.joined(separator: ", ")))")
            }
            guard out[m.key] == nil else { throw CatalogError(line: m.line, message: "\"\(m.key)\" appears twice in \(what)") }
            out[m.key] = m
        }
        for key in required where out[key] == nil {
            throw CatalogError(line: node.line, message: "\(what) has no \"\(key)\"")
        }
        return out
    }

    static func typeError(_ m: JSON.Member?, _ message: String) -> CatalogError {
        CatalogError(line: m?.line ?? 1, message: message)
    }

    static func text(_ m: JSON.Member?, what: String, maxWidth: Int = Catalog.maxTextWidth) throws -> String {
        guard let m else { throw CatalogError(line: 1, message: "\(what) is missing") }
        guard case .string(let raw) = m.node.value else {
            throw CatalogError(line: m.node.line, message: "\(what) must be text in double quotes, not \(m.node.kind)")
        }
        let s = String(TextLayout.sanitized(raw).trimmingBlanks)
        guard !s.isEmpty else { throw CatalogError(line: m.node.line, message: "\(what) is empty") }
        guard DisplayWidth.of(s) <= maxWidth else {
            throw CatalogError(line: m.node.line, message: "\(what) is longer than \(maxWidth) columns")
        }
        return s
    }

    static func asciiText(_ m: JSON.Member, what: String) throws -> String {
        let s = try text(m, what: what)
        guard s.unicodeScalars.allSatisfy({ $0.isASCII }) else {
            throw CatalogError(line: m.node.line, message: "\(what) must use ASCII letters only (it is shown where other text cannot be)")
        }
        return s
    }

    static func price(_ m: JSON.Member?, of name: String) throws -> Int {
        guard let m else { throw CatalogError(line: 1, message: "the price of \"\(name)\" is missing") }
        guard case .number(let raw) = m.node.value else {
            throw CatalogError(line: m.node.line, message: "the price of \"\(name)\" must be a number such as 280, not \(m.node.kind)")
        }
        guard let v = Int(raw) else {
            let whole = raw.contains(".") || raw.contains("e") || raw.contains("E")
            throw CatalogError(line: m.node.line, message: whole
                ? "the price of \"\(name)\" must be a whole number (\(raw) has decimals)"
                : "the price of \"\(name)\" is too large")
        }
        guard v >= 0 else { throw CatalogError(line: m.node.line, message: "the price of \"\(name)\" is negative") }
        guard v <= maxPrice else { throw CatalogError(line: m.node.line, message: "the price of \"\(name)\" is more than \(maxPrice)") }
        return v
    }
}

/// Amounts as the shop writes them: currency first, thousands separated, no decimals.
public enum Money {
    public static func format(_ amount: Int, currency: String) -> String {
        let negative = amount < 0
        let digits = String(amount.magnitude)
        var grouped = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { grouped.append(",") }
            grouped.append(c)
        }
        return (negative ? "-" : "") + currency + grouped
    }
}
