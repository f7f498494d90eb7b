/// Where Termini keeps its files: `$XDG_CONFIG_HOME/termini` when that variable holds an
/// absolute path (a relative one is ignored, as the XDG spec says), else `~/.config/termini`;
/// `--config-dir DIR` overrides both.
public enum ConfigLocation {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case noHome
        public var description: String {
            "Not saving: neither XDG_CONFIG_HOME nor HOME is set, so Termini has nowhere to keep its files "
                + "(set one of them or pass --config-dir DIR). Nothing is kept."
        }
    }

    public static func resolve(environment: [String: String], override: String?) -> Result<String, Failure> {
        if let o = override, !o.isEmpty { return .success(normalize(o)) }
        if let x = environment["XDG_CONFIG_HOME"], x.hasPrefix("/") { return .success(join(normalize(x), "termini")) }
        if let h = environment["HOME"], !h.isEmpty { return .success(join(normalize(h), ".config/termini")) }
        return .failure(.noHome)
    }

    /// `/` + `termini` is `/termini`, not `//termini`.
    static func join(_ base: String, _ rest: String) -> String {
        base.hasSuffix("/") ? base + rest : base + "/" + rest
    }

    static func normalize(_ path: String) -> String {
        var p = path
        while p.count > 1 && p.hasSuffix("/") { p.removeLast() }
        return p
    }
}
