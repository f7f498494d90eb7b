#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TerminiCore
import TerminiApp
import TerminiTestSupport

/// The disk as a power cut leaves it, after the calls a session made: ALICE's model (Pillai
/// et al., OSDI 2014) in a simple form. A file's data is on the disk only once it was fsynced;
/// before that, writes since the last fsync may be lost or cut short. A directory's entries
/// (creations, renames, links, removals) are on the disk only once the directory was fsynced;
/// before that, any prefix of them may have reached it, in order, while the file data did or
/// did not (the reordering that leaves an empty file behind a rename on XFS, btrfs or ext4
/// without auto_da_alloc).
struct CrashModel {
    enum ContentOp {
        case write(offset: Int, bytes: [UInt8])
        case truncate(Int)
    }
    struct File {
        var durable: [UInt8]
        var current: [UInt8]
        var pending: [ContentOp] = []
    }
    enum DirOp {
        case bind(name: String, id: Int)
        case unbind(name: String)
    }

    let directory: String
    var files: [Int: File] = [:]
    var names: [String: Int] = [:]
    var durableNames: [String: Int] = [:]
    var pendingDir: [DirOp] = []
    /// The recorder's inode numbers, mapped to this model's files.
    var inodes: [UInt64: Int] = [:]
    private var nextID = 0

    init(directory: String, initial: [String: [UInt8]]) {
        self.directory = directory
        for (name, bytes) in initial.sorted(by: { $0.key < $1.key }) {
            let id = newFile(bytes)
            names[name] = id
            durableNames[name] = id
        }
    }

    private mutating func newFile(_ bytes: [UInt8]) -> Int {
        nextID += 1
        files[nextID] = File(durable: bytes, current: bytes)
        return nextID
    }

    /// The name of a path inside the directory; nil for anything else.
    func name(_ path: String) -> String? {
        guard path.hasPrefix(directory + "/") else { return nil }
        let n = String(path.dropFirst(directory.count + 1))
        return n.contains("/") ? nil : n
    }

    static func apply(_ op: ContentOp, to bytes: inout [UInt8]) {
        switch op {
        case let .write(offset, data):
            if bytes.count < offset { bytes += [UInt8](repeating: 0, count: offset - bytes.count) }
            let end = offset + data.count
            if bytes.count < end { bytes += [UInt8](repeating: 0, count: end - bytes.count) }
            bytes.replaceSubrange(offset..<end, with: data)
        case .truncate(let n):
            if bytes.count > n { bytes.removeLast(bytes.count - n) } else { bytes += [UInt8](repeating: 0, count: n - bytes.count) }
        }
    }

    private mutating func content(_ ino: UInt64, _ op: ContentOp) {
        guard let id = inodes[ino], var f = files[id] else { return }
        CrashModel.apply(op, to: &f.current)
        f.pending.append(op)
        files[id] = f
    }

    private mutating func bind(_ name: String, _ id: Int?) {
        if let id {
            names[name] = id
            pendingDir.append(.bind(name: name, id: id))
        } else {
            names[name] = nil
            pendingDir.append(.unbind(name: name))
        }
    }

    mutating func take(_ call: RecordedCall) {
        switch call {
        case let .create(path, ino):
            guard let n = name(path) else { return }
            let id = newFile([])
            inodes[ino] = id
            bind(n, id)
        case let .open(path, ino):
            if let n = name(path), let id = names[n] { inodes[ino] = id }
        case .truncateOnOpen(let ino): content(ino, .truncate(0))
        case let .write(ino, offset, bytes): content(ino, .write(offset: offset, bytes: bytes))
        case let .truncate(ino, length): content(ino, .truncate(length))
        case .syncFile(let ino):
            guard let id = inodes[ino], var f = files[id] else { return }
            f.durable = f.current
            f.pending = []
            files[id] = f
        case .syncDirectory(let path):
            guard path == directory else { return }
            durableNames = names
            pendingDir = []
        case let .rename(from, to):
            guard let a = name(from), let b = name(to) else { return }
            let id = names[a]
            bind(b, id)
            bind(a, nil)
        case let .link(from, to):
            guard let a = name(from), let b = name(to) else { return }
            bind(b, names[a])
        case .unlink(let path):
            if let n = name(path) { bind(n, nil) }
        case .mkdir, .mark: break
        }
    }

    enum DataFate: CaseIterable { case lost, kept, tornLast }

    /// Every directory a power cut now could leave: each prefix of the directory entries not
    /// yet synced, with the data not yet synced lost, kept, or kept but for its last write cut
    /// in half. Distinct states only.
    func crashStates() -> [[String: [UInt8]]] {
        var out: [[String: [UInt8]]] = []
        var seen: Set<[String: [UInt8]]> = []
        for j in 0...pendingDir.count {
            var ns = durableNames
            for op in pendingDir.prefix(j) {
                switch op {
                case let .bind(n, id): ns[n] = id
                case .unbind(let n): ns[n] = nil
                }
            }
            for fate in DataFate.allCases {
                var state: [String: [UInt8]] = [:]
                for (n, id) in ns {
                    guard let f = files[id] else { continue }
                    switch fate {
                    case .lost: state[n] = f.durable
                    case .kept: state[n] = f.current
                    case .tornLast:
                        var b = f.durable
                        for (i, op) in f.pending.enumerated() {
                            if i == f.pending.count - 1, case let .write(offset, data) = op {
                                CrashModel.apply(.write(offset: offset, bytes: Array(data.prefix(data.count / 2))), to: &b)
                            } else {
                                CrashModel.apply(op, to: &b)
                            }
                        }
                        state[n] = b
                    }
                }
                if seen.insert(state).inserted { out.append(state) }
            }
        }
        return out
    }
}
