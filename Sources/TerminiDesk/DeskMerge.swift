/// What reading the order of play again changed: matches merged by number, so a file read a
/// second time (corrected, or with matches added) loses no call and no result.
public struct DeskMerge: Equatable, Sendable {
    /// Numbers new to the desk.
    public var added: [String] = []
    /// Waiting matches whose details the file changed.
    public var updated: [String] = []
    /// Matches called or finished whose line in the file differs: kept as the desk has them.
    public var kept: [String] = []
    /// Matches the desk has that the file no longer lists: kept.
    public var missing: [String] = []

    public var changesState: Bool { !added.isEmpty || !updated.isEmpty }

    /// `matches: 3 added, 1 changed; 2 called or finished kept as they were; 1 not in the file, kept`.
    public var summary: String {
        var parts: [String] = []
        if added.isEmpty && updated.isEmpty { parts.append("no match added or changed") }
        if !added.isEmpty { parts.append("\(added.count) added") }
        if !updated.isEmpty { parts.append("\(updated.count) changed (\(DeskMerge.list(updated)))") }
        if !kept.isEmpty { parts.append("\(DeskMerge.list(kept)) called or finished: kept as the desk has them") }
        if !missing.isEmpty { parts.append("\(DeskMerge.list(missing)) not in the file: kept") }
        return "matches: " + parts.joined(separator: "; ")
    }

    static func list(_ numbers: [String]) -> String {
        numbers.count <= 5 ? numbers.joined(separator: ", ") : numbers.prefix(5).joined(separator: ", ") + " and \(numbers.count - 5) more"
    }
}

extension DeskState {
    /// Takes the order of play read from the matches file: a new number is added at the end, a
    /// waiting match takes the file's details, a called or finished one keeps the desk's (its
    /// call and result are never lost), and one the file no longer lists stays.
    public mutating func merge(_ read: [DeskMatch]) -> DeskMerge {
        var report = DeskMerge()
        let numbers = Set(read.map(\.number))
        for m in read {
            guard let i = matches.firstIndex(where: { $0.number == m.number }) else {
                matches.append(m)
                report.added.append(m.number)
                continue
            }
            guard matches[i] != m else { continue }
            if status(of: m.number) == .waiting {
                matches[i] = m
                report.updated.append(m.number)
            } else {
                report.kept.append(m.number)
            }
        }
        report.missing = matches.map(\.number).filter { !numbers.contains($0) }
        return report
    }
}
