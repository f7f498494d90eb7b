import Foundation
import Testing
@testable import TerminiCore
@testable import TerminiScreen

/// `ParameterizedControl.plainTemplate` reads a control's template from its terminfo string,
/// where the terminal's start used to probe the terminal library's expansion a dozen times
/// per control (`infer`). Held to that definition: for every terminal this system's terminfo
/// knows, every control the writer uses, the template read must give, at the probe and at
/// every value `infer` checks, the bytes ncurses' own `tput` expands it to; and what it
/// declines (padding, conditionals, arithmetic) is left to `infer`.
@Suite struct TerminfoTemplateTests {
    static let controls: [(name: String, arity: Int)] = [
        ("cup", 2), ("hpa", 1), ("vpa", 1), ("cuf", 1), ("cub", 1), ("cud", 1), ("cuu", 1), ("ech", 1),
        ("setaf", 1), ("setab", 1), ("setf", 1), ("setb", 1),
    ]
    /// `infer`'s probe and samples.
    static let values = [(523, 617), (0, 0), (1, 2), (7, 9), (9, 10), (10, 99), (23, 79), (99, 100), (59, 199), (100, 299), (1000, 4)]

    static func run(_ tool: String, _ args: [String], input: String? = nil) -> Data? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = args
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        let inPipe = Pipe()
        if input != nil { p.standardInput = inPipe }
        guard (try? p.run()) != nil else { return nil }
        if let input {
            inPipe.fileHandleForWriting.write(Data(input.utf8))
            try? inPipe.fileHandleForWriting.close()
        }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return p.terminationStatus == 0 ? data : nil
    }

    /// A capability's value as `infocmp -1` prints it, back to its bytes.
    static func unescape(_ s: String) -> [UInt8] {
        let b = Array(s.utf8)
        var out: [UInt8] = []
        var i = 0
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "^"), i + 1 < b.count {
                out.append(b[i + 1] == UInt8(ascii: "?") ? 0x7f : b[i + 1] & 0x1f)
                i += 2
            } else if c == UInt8(ascii: "\\"), i + 1 < b.count {
                let e = b[i + 1]
                i += 2
                switch e {
                case UInt8(ascii: "E"), UInt8(ascii: "e"): out.append(0x1b)
                case UInt8(ascii: "n"): out.append(0x0a)
                case UInt8(ascii: "r"): out.append(0x0d)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0c)
                case UInt8(ascii: "s"): out.append(0x20)
                case UInt8(ascii: "0")...UInt8(ascii: "7"):
                    var v = Int(e - UInt8(ascii: "0"))
                    var n = 1
                    while n < 3, i < b.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(b[i]) {
                        v = v * 8 + Int(b[i] - UInt8(ascii: "0"))
                        i += 1
                        n += 1
                    }
                    // \0 alone is stored as \200 (a NUL would end the string).
                    out.append(v == 0 ? 0x80 : UInt8(v & 0xff))
                default: out.append(e)  // \\ \, \^ \:
                }
            } else {
                out.append(c)
                i += 1
            }
        }
        return out
    }

    static func expand(_ t: (parts: [[UInt8]], offsets: (Int, Int), swapped: Bool, arity: Int), _ a: Int, _ b: Int) -> [UInt8] {
        var out = t.parts[0]
        let (first, second) = t.swapped ? (b + t.offsets.1, a + t.offsets.0) : (a + t.offsets.0, b + t.offsets.1)
        ParameterizedControl.appendDecimal(first, to: &out)
        if t.arity == 2 {
            out += t.parts[1]
            ParameterizedControl.appendDecimal(second, to: &out)
        }
        return out + t.parts[2]
    }

    @Test func aPlainTemplateExpandsAsTheTerminalLibraryDoes() throws {
        guard let toe = TerminfoTemplateTests.run("/usr/bin/toe", ["-a"]) else {
            Issue.record("toe (ncurses-bin) is needed to list the terminfo entries")
            return
        }
        let terminals = Set(String(decoding: toe, as: UTF8.self).split(separator: "\n").compactMap { line -> String? in
            line.split(whereSeparator: { $0 == "\t" || $0 == " " }).first.map(String.init)
        }).sorted()
        var read = 0, declined = 0, checkedTerminals = 0
        var readNames: Set<String> = []
        for term in terminals {
            guard let info = TerminfoTemplateTests.run("/usr/bin/infocmp", ["-1", "-x", term]) else { continue }
            var caps: [String: String] = [:]
            for line in String(decoding: info, as: UTF8.self).split(separator: "\n") where line.hasPrefix("\t") {
                var field = line.dropFirst()
                if field.hasSuffix(",") { field = field.dropLast() }
                guard let eq = field.firstIndex(of: "=") else { continue }
                caps[String(field[..<eq])] = String(field[field.index(after: eq)...])
            }
            var script = "", expected: [UInt8] = []
            for (name, arity) in TerminfoTemplateTests.controls {
                guard let raw = caps[name] else { continue }
                guard let t = ParameterizedControl.plainTemplate(TerminfoTemplateTests.unescape(raw), arity: arity) else {
                    declined += 1
                    continue
                }
                read += 1
                readNames.insert("\(term) \(name)")
                for (a, b) in TerminfoTemplateTests.values {
                    script += arity == 2 ? "\(name) \(a) \(b)\n" : "\(name) \(a)\n"
                    expected += TerminfoTemplateTests.expand(t, a, arity == 2 ? b : 0)
                }
            }
            guard !script.isEmpty else { continue }
            checkedTerminals += 1
            let real = TerminfoTemplateTests.run("/usr/bin/tput", ["-T", term, "-S"], input: script).map { Array($0) }
            // Compared whole (tput -S runs the lines as one output); said short when they differ.
            let same = real == expected
            #expect(same, "\(term): the templates read do not expand as tput expands them:\n\(String(decoding: expected, as: UTF8.self).debugDescription)")
        }
        // xterm's, the linux console's and screen's controls are all plain (setaf and setab
        // choose between forms: declined).
        #expect(checkedTerminals >= 3 && read >= 20 && declined >= 2, "terminals \(checkedTerminals), read \(read), declined \(declined)")
        for term in ["xterm-256color", "linux", "screen"] where terminals.contains(term) {
            for name in ["cup", "hpa", "vpa", "cuf", "cub", "cud", "cuu"] {
                #expect(readNames.contains("\(term) \(name)"), "\(term) \(name) was not read")
            }
        }
    }

    @Test func whatIsNotPlainIsLeftToProbing() {
        let declined = ["\u{1b}[%p1%d$<5>C", "\u{1b}[%?%p1%{8}%<%t3%p1%d%e38;5;%p1%d%;m", "\u{1b}=%p1%' '%+%c%p2%' '%+%c",
                        "\u{1b}[%p1%d;%p1%dH", "\u{1b}[%p1%dC%", "\u{1b}[%p1%x", "\u{1b}[%p1%dC", "\u{1b}[%p1%d;%i%p2%dH", "\u{1b}[H"]
        let arities = [1, 1, 2, 2, 1, 1, 2, 2, 1]
        for (t, arity) in zip(declined, arities) {
            #expect(ParameterizedControl.plainTemplate(Array(t.utf8), arity: arity) == nil, "\(t.debugDescription)")
        }
        // Swapped parameters, %i, %% and a one-parameter control.
        guard let swapped = ParameterizedControl.plainTemplate(Array("\u{1b}&a%p2%dc%p1%dY".utf8), arity: 2),
              let ansi = ParameterizedControl.plainTemplate(Array("\u{1b}[%i%p1%d;%p2%dH".utf8), arity: 2),
              let percent = ParameterizedControl.plainTemplate(Array("%%\u{1b}[%p1%dX".utf8), arity: 1) else {
            Issue.record("a plain template was declined")
            return
        }
        #expect(TerminfoTemplateTests.expand(swapped, 4, 7) == Array("\u{1b}&a7c4Y".utf8))
        #expect(TerminfoTemplateTests.expand(ansi, 4, 7) == Array("\u{1b}[5;8H".utf8))
        #expect(TerminfoTemplateTests.expand(percent, 12, 0) == Array("%\u{1b}[12X".utf8))
    }
}
