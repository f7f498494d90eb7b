/// value, so a mistake in a file written by hand is reported as "coffee-catalog.json line 12: …"
/// — for syntax errors and for content errors (a price that is text, a missing name) alike.
/// Foundation's decoder knows no lines for the second kind.

public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String
    public var description: String { "line \(line), column \(column): \(message)" }
}

extension JSON {
    /// Nesting deeper than this is refused rather than risking the stack.
    public static let maxDepth = 64

    /// Reads a JSON document, each value with its line; a mistake is told with its line and
    /// column, in words for a person who wrote the file by hand.
    public static func parse(_ bytes: [UInt8]) -> Result<JSON, JSONSyntaxError> {
        var p = Parser(bytes: bytes)
        return p.document()
    }

    struct Parser {
        let bytes: [UInt8]
        var i = 0
        var line = 1
        var lineStart = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
            // A UTF-8 byte-order mark, as some editors write, is not an error.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3; lineStart = 3 }
        }

        /// The column of byte `at` on the current line, counted in characters.
        func column(_ at: Int) -> Int {
            var n = 1
            var k = lineStart
            while k < at && k < bytes.count {
                if bytes[k] & 0xC0 != 0x80 { n += 1 }
                k += 1
            }
            return n
        }

        func fail(_ message: String, at: Int? = nil) -> JSONSyntaxError {
            JSONSyntaxError(line: line, column: column(at ?? i), message: message)
        }

        mutating func document() -> Result<JSON, JSONSyntaxError> {
            do {
                skipSpace()
                guard i < bytes.count else { throw fail("the file is empty (expected a JSON object)") }
                let v = try value(depth: 0)
                skipSpace()
                if i < bytes.count { throw fail("unexpected \(describe(bytes[i])) after the end of the JSON value") }
                return .success(v)
            } catch let e as JSONSyntaxError {
                return .failure(e)
            } catch {
                return .failure(fail("\(error)"))
            }
        }

        mutating func skipSpace() {
            while i < bytes.count {
                switch bytes[i] {
                case 0x20, 0x09, 0x0D: i += 1
                case 0x0A:
                    i += 1
                    line += 1
                    lineStart = i
                default: return
                }
            }
        }

        func describe(_ b: UInt8) -> String {
            if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
            return b >= 0x80 ? "a non-ASCII character" : "a control character"
        }

        mutating func value(depth: Int) throws -> JSON {
            guard depth < JSON.maxDepth else { throw fail("nested too deeply") }
            skipSpace()
            guard i < bytes.count else { throw fail("the file ends where a value was expected") }
            let startLine = line
            switch bytes[i] {
            case UInt8(ascii: "{"): return JSON(try object(depth: depth), line: startLine)
            case UInt8(ascii: "["): return JSON(try array(depth: depth), line: startLine)
            case UInt8(ascii: "\""): return JSON(.string(try string()), line: startLine)
            case UInt8(ascii: "t"): try literal("true"); return JSON(.bool(true), line: startLine)
            case UInt8(ascii: "f"): try literal("false"); return JSON(.bool(false), line: startLine)
            case UInt8(ascii: "n"): try literal("null"); return JSON(.null, line: startLine)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return JSON(.number(try number()), line: startLine)
            case UInt8(ascii: "'"): throw fail("text must be in double quotes (\"…\"), not single quotes")
            case UInt8(ascii: "}"), UInt8(ascii: "]"): throw fail("a value is missing before \(describe(bytes[i]))")
            default: throw fail("unexpected \(describe(bytes[i])) where a value was expected")
            }
        }

        mutating func literal(_ word: String) throws {
            let w = Array(word.utf8)
            guard bytes.count - i >= w.count, Array(bytes[i..<(i + w.count)]) == w else {
                throw fail("unknown word (expected \(word), or text in double quotes)")
            }
            i += w.count
        }

        mutating func object(depth: Int) throws -> JSON.Value {
            i += 1  // {
            var members: [JSON.Member] = []
            skipSpace()
            if i < bytes.count && bytes[i] == UInt8(ascii: "}") { i += 1; return .object([]) }
            while true {
                skipSpace()
                guard i < bytes.count else { throw fail("the file ends inside an object (a '}' is missing)") }
                guard bytes[i] == UInt8(ascii: "\"") else {
                    if bytes[i] == UInt8(ascii: "}") { throw fail("a comma before '}' is not allowed in JSON") }
                    throw fail("expected a key in double quotes, found \(describe(bytes[i]))")
                }
                let keyLine = line
                let key = try string()
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':' after the key \"\(key)\"") }
                i += 1
                let v = try value(depth: depth + 1)
                members.append(JSON.Member(key: key, line: keyLine, node: v))
                skipSpace()
                guard i < bytes.count else { throw fail("the file ends inside an object (a '}' is missing)") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
                throw fail("expected ',' or '}' after the value of \"\(key)\", found \(describe(bytes[i]))")
            }
        }

        mutating func array(depth: Int) throws -> JSON.Value {
            i += 1  // [
            var items: [JSON] = []
            skipSpace()
            if i < bytes.count && bytes[i] == UInt8(ascii: "]") { i += 1; return .array([]) }
            while true {
                skipSpace()
                if i < bytes.count && bytes[i] == UInt8(ascii: "]") { throw fail("a comma before ']' is not allowed in JSON") }
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard i < bytes.count else { throw fail("the file ends inside a list (a ']' is missing)") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                throw fail("expected ',' or ']' in a list, found \(describe(bytes[i]))")
            }
        }

        mutating func string() throws -> String {
            let start = i
            i += 1  // "
            var out: [UInt8] = []
            while true {
                guard i < bytes.count else {
                    throw JSONSyntaxError(line: line, column: column(start), message: "text that starts here has no closing '\"'")
                }
                let b = bytes[i]
                switch b {
                case UInt8(ascii: "\""):
                    i += 1
                    guard let s = String(validating: out, as: UTF8.self) else {
                        throw JSONSyntaxError(line: line, column: column(start), message: "text that is not valid UTF-8")
                    }
                    return s
                case UInt8(ascii: "\\"):
                    i += 1
                    guard i < bytes.count else { throw fail("the file ends inside text") }
                    let e = bytes[i]
                    i += 1
                    switch e {
                    case UInt8(ascii: "\""): out.append(0x22)
                    case UInt8(ascii: "\\"): out.append(0x5C)
                    case UInt8(ascii: "/"): out.append(0x2F)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"):
                        var scalar = try hex4()
                        if (0xD800...0xDBFF).contains(scalar) {
                            // A surrogate pair: \uD83D\uDE00.
                            guard bytes.count - i >= 6, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                                throw fail("a lone surrogate \\u escape")
                            }
                            i += 2
                            let low = try hex4()
                            guard (0xDC00...0xDFFF).contains(low) else { throw fail("a lone surrogate \\u escape") }
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else if (0xDC00...0xDFFF).contains(scalar) {
                            throw fail("a lone surrogate \\u escape")
                        }
                        guard let u = Unicode.Scalar(scalar) else { throw fail("an invalid \\u escape") }
                        out.append(contentsOf: Array(String(Character(u)).utf8))
                    default:
                        throw fail("unknown escape '\\\(Character(Unicode.Scalar(e)))' in text", at: i - 2)
                    }
                case 0x0A:
                    throw JSONSyntaxError(line: line, column: column(start), message: "text that starts here has no closing '\"' on its line")
                case 0x00..<0x20:
                    throw fail("a control character inside text (write it as an escape such as \\t)")
                default:
                    out.append(b)
                    i += 1
                }
            }
        }

        mutating func hex4() throws -> UInt32 {
            guard bytes.count - i >= 4 else { throw fail("a \\u escape needs four hex digits") }
            var v: UInt32 = 0
            for k in 0..<4 {
                let c = bytes[i + k]
                let d: UInt32
                switch c {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
                default: throw fail("a \\u escape needs four hex digits")
                }
                v = v * 16 + d
            }
            i += 4
            return v
        }

        mutating func number() throws -> String {
            let start = i
            func digit(_ k: Int) -> Bool { k < bytes.count && bytes[k] >= UInt8(ascii: "0") && bytes[k] <= UInt8(ascii: "9") }
            if bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digit(i) else { throw fail("a '-' must be followed by digits") }
            if bytes[i] == UInt8(ascii: "0") && digit(i + 1) { throw fail("a number must not start with 0 (write 280, not 0280)") }
            while digit(i) { i += 1 }
            if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
                i += 1
                guard digit(i) else { throw fail("a '.' in a number must be followed by digits") }
                while digit(i) { i += 1 }
            }
            if i < bytes.count && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
                i += 1
                if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
                guard digit(i) else { throw fail("an exponent needs digits") }
                while digit(i) { i += 1 }
            }
            return String(decoding: bytes[start..<i], as: UTF8.self)
        }
    }
}
