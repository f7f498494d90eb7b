/// A replacement of a state file on its way to the disk: `.NAME.next-SEQ-LEN-CRC-BASE`.
///
/// At a key, the new content goes into a side file created fresh (never overwritten in
/// place); after the frame it is fsynced, renamed over NAME and the directory fsynced. So a
/// replaced file's data is on the disk before its name, and its name before anything else is
/// built on it. The name carries what a later start needs to judge it alone: a sequence
/// number, the length and CRC-32 of the content, and the identity (length and CRC-32) of the
/// content of NAME it replaces (`x`: there was no NAME). A start after a kill finds the side
/// file complete and its base equal to NAME: it was not renamed yet, and wins. A side file cut
/// short by a power cut fails its checksum; one whose base is no longer NAME's content is
/// left over from a replacement that lost to a later one. Either is removed. NAME itself
/// keeps its format: files from before this scheme, and hand-edited ones, load as ever.
struct SideFile: Equatable {
    /// The file it replaces (`stamps.json`).
    var file: String
    var sequence: UInt64
    var content: ContentIdentity
    /// The content of `file` it replaces; nil when there was no such file.
    var base: ContentIdentity?

    static let marker = ".next-"

    var name: String {
        ".\(file)\(SideFile.marker)\(sequence)-\(content)-\(base.map(\.description) ?? "x")"
    }

    /// Reads a directory entry's name; nil for anything that is not a side file.
    init?(name: String) {
        guard name.hasPrefix("."), let r = SideFile.lastRange(of: SideFile.marker, in: name) else { return nil }
        let file = String(name[name.index(after: name.startIndex)..<r.lowerBound])
        guard FileStore.isPlainName(file) else { return nil }
        let fields = name[r.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
        guard fields.count == 4 || fields.count == 5, fields[0].count <= 20, let seq = UInt64(fields[0]),
              let content = ContentIdentity(length: fields[1], crc: fields[2]) else { return nil }
        var base: ContentIdentity?
        if fields.count == 5 {
            guard let b = ContentIdentity(length: fields[3], crc: fields[4]) else { return nil }
            base = b
        } else {
            guard fields[3] == "x" else { return nil }
        }
        self.init(file: file, sequence: seq, content: content, base: base)
    }

    init(file: String, sequence: UInt64, content: ContentIdentity, base: ContentIdentity?) {
        self.file = file
        self.sequence = sequence
        self.content = content
        self.base = base
    }

    /// A temporary file of the scheme before this one (`.NAME.tmp-PID`): its process id.
    static func oldTemporary(_ name: String) -> Int32? {
        guard name.hasPrefix("."), let r = SideFile.lastRange(of: ".tmp-", in: name) else { return nil }
        return Int32(name[r.upperBound...])
    }

    /// `name.ranges(of: marker).last`, for a `marker` of ASCII that cannot overlap itself (the
    /// last of the matches found left to right is then the last place it occurs). A start reads
    /// every directory entry beginning with "." through here, and `ranges(of:)` first sets up
    /// the string-processing library (about 300,000 instructions at each start, docs/dev/benchmarks.md):
    /// a name of ASCII, as every name this program writes, is searched by its bytes, where a
    /// Character is a byte (the marker holds neither CR nor LF, so no match can cut a CR LF);
    /// any other name keeps the library's search by Characters.
    static func lastRange(of marker: String, in name: String) -> Range<String.Index>? {
        let bytes = name.utf8
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return name.ranges(of: marker).last }
        let pattern = Array(marker.utf8)
        guard !pattern.isEmpty, bytes.count >= pattern.count else { return nil }
        var start = bytes.index(bytes.endIndex, offsetBy: -pattern.count)
        while true {
            if bytes[start...].starts(with: pattern) {
                return start..<bytes.index(start, offsetBy: pattern.count)
            }
            if start == bytes.startIndex { return nil }
            start = bytes.index(before: start)
        }
    }
}
