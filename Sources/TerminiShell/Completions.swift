import TerminiApp

/// Shell completion scripts, made from the one table of options (the shell's and each app's):
/// `termini --completions bash|zsh|fish`. They complete the apps, a command's words right
/// after its name (`termini hall init`), the options (an app's only after its name) and their values: the themes Termini finds (asked of `termini --list-themes`
/// when Tab is pressed, so a user's new theme is there at once), the formats, `csv|json`, the
/// board sizes, directories.
public enum Completions {
    public enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    public static func script(for shell: Shell) -> String {
        script(for: shell, apps: AppRegistry.apps.map { $0.descriptor } + CommandLineParser.commands.map(\.descriptor),
               global: CommandLineParser.globalOptions)
    }

    static func script(for shell: Shell, apps: [AppDescriptor], global: [OptionSpec]) -> String {
        switch shell {
        case .bash: return bash(apps: apps, global: global)
        case .zsh: return zsh(apps: apps, global: global)
        case .fish: return fish(apps: apps, global: global)
        }
    }

    /// Every option with a value and what completes it (each name once: apps share some). One
    /// whose value may be left out (`--scoresheet [N]`) is not among them: after it come the
    /// options as after a flag.
    static func valued(_ apps: [AppDescriptor], _ global: [OptionSpec]) -> [(name: String, values: OptionSpec.Values)] {
        var seen: Set<String> = []
        var out: [(String, OptionSpec.Values)] = []
        for o in global + apps.flatMap(\.options) where o.valueName != nil && !o.valueIsOptional && !seen.contains(o.name) {
            seen.insert(o.name)
            out.append((o.name, o.values))
        }
        return out
    }

    /// A word list for a shell's source text: only letters, digits and `-_.,|/` reach it.
    static func words(_ list: [String]) -> String {
        list.map { String($0.filter { $0.isLetter || $0.isNumber || "-_.,|/".contains($0) }) }.joined(separator: " ")
    }

    /// The theme names, as the shell asks for them at completion time: the names made of
    /// letters, digits and `-_.+` (and starting with a letter or a digit) that begin a line
    /// of `--list-themes`; any other name is typed, never offered. Whatever a name holds
    /// (`$( )`, backticks, quotes, a newline), no script passes it to anything that
    /// evaluates it: bash compares and quotes each line (`_termini_offer`), zsh's `compadd`
    /// and fish's `complete` take it as a word.
    static let themeCommand = "termini --list-themes 2>/dev/null | sed -n 's/^\\([A-Za-z0-9][-A-Za-z0-9_.+]*\\)  .*/\\1/p'"

    /// The badminton courts with files in the config directory (`badminton-3-match.jsonl`:
    /// `3`), found at completion time. `sh` reads the directory the way Termini finds it
    /// without `--config-dir`, in every shell's syntax the same.
    static let courtCommand = "sh -c 'ls -1 \"${XDG_CONFIG_HOME:-$HOME/.config}/termini\"' 2>/dev/null"
        + " | sed -n 's/^badminton-\\([A-Za-z0-9][-A-Za-z0-9]*\\)-\\(match\\|history\\)\\.jsonl$/\\1/p' | sort -u"

    static func bash(apps: [AppDescriptor], global: [OptionSpec]) -> String {
        var s = """
        # bash completion for termini, made by `termini --completions bash`.
        # Installed as PREFIX/share/bash-completion/completions/termini.
        # Names found at completion time (themes, courts) are never given to compgen -W,
        # which expands $( ), backticks and variables: each line read is compared with the
        # word typed and added quoted (printf %q), so it reaches the command line as text.
        _termini_offer() {
            local line quoted
            COMPREPLY=()
            while IFS= read -r line; do
                if [[ $line == "$cur"* ]]; then
                    printf -v quoted '%q' "$line"
                    COMPREPLY+=("$quoted")
                fi
            done
        }
        _termini() {
            local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} app="" w
            for w in "${COMP_WORDS[@]:1:COMP_CWORD-1}"; do
                case $w in \(apps.map(\.id).joined(separator: "|"))) app=$w ;; esac
            done
            case $prev in

        """
        for (name, values) in valued(apps, global) {
            switch values {
            case .themes: s += "        \(name)) _termini_offer < <(\(themeCommand)); return ;;\n"
            case .courts: s += "        \(name)) _termini_offer < <(\(courtCommand)); return ;;\n"
            // compgen -d and -f list names without expanding them; one a line into the array
            // (no word splitting, no globbing) and quoted by readline (-o filenames).
            case .directory: s += "        \(name)) compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -d -- \"$cur\"); return ;;\n"
            case .file: s += "        \(name)) compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- \"$cur\"); return ;;\n"
            case .choices(let c): s += "        \(name)) COMPREPLY=($(compgen -W \"\(words(c))\" -- \"$cur\")); return ;;\n"
            case .free: s += "        \(name)) COMPREPLY=(); return ;;\n"
            }
        }
        s += """
            esac
            if [[ $cur == -* ]]; then
                local opts="\(words(global.map(\.name) + ["-h", "-V"]))"
                case $app in

        """
        for a in apps where !a.options.isEmpty {
            s += "            \(a.id)) opts=\"$opts \(words(a.options.map(\.name)))\" ;;\n"
        }
        s += """
                esac
                COMPREPLY=($(compgen -W "$opts" -- "$cur"))
            elif [[ -z $app ]]; then
                COMPREPLY=($(compgen -W "\(words(apps.map(\.id)))" -- "$cur"))
            elif [[ $prev == "$app" ]]; then
                case $app in

        """
        for a in apps where !a.words.isEmpty {
            s += "            \(a.id)) COMPREPLY=($(compgen -W \"\(words(a.words))\" -- \"$cur\")) ;;\n"
        }
        s += """
                esac
            fi
        }
        complete -F _termini termini

        """
        return s
    }

    static func zsh(apps: [AppDescriptor], global: [OptionSpec]) -> String {
        var s = """
        #compdef termini
        # zsh completion for termini, made by `termini --completions zsh`.
        # Installed as PREFIX/share/zsh/site-functions/_termini.
        _termini() {
          local cur=${words[CURRENT]} prev=${words[CURRENT-1]} app="" w
          for w in ${words[2,CURRENT-1]}; do
            case $w in (\(apps.map(\.id).joined(separator: "|"))) app=$w ;; esac
          done
          case $prev in

        """
        for (name, values) in valued(apps, global) {
            switch values {
            case .themes: s += "    (\(name)) compadd -- ${(f)\"$(\(themeCommand))\"}; return ;;\n"
            case .courts: s += "    (\(name)) compadd -- ${(f)\"$(\(courtCommand))\"}; return ;;\n"
            case .directory: s += "    (\(name)) _directories; return ;;\n"
            case .file: s += "    (\(name)) _files; return ;;\n"
            case .choices(let c): s += "    (\(name)) compadd -- \(words(c)); return ;;\n"
            case .free: s += "    (\(name)) return 1 ;;\n"
            }
        }
        s += """
          esac
          if [[ $cur == -* ]]; then
            local -a opts
            opts=(\(words(global.map(\.name) + ["-h", "-V"])))
            case $app in

        """
        for a in apps where !a.options.isEmpty {
            s += "      (\(a.id)) opts+=(\(words(a.options.map(\.name)))) ;;\n"
        }
        s += """
            esac
            compadd -- $opts
          elif [[ -z $app ]]; then
            local -a names
            names=(\(apps.map { "'\($0.id):\(words($0.summary.split(separator: " ").map(String.init)))'" }.joined(separator: " ")))
            _describe app names
          elif [[ $prev == $app ]]; then
            case $app in

        """
        for a in apps where !a.words.isEmpty {
            s += "      (\(a.id)) compadd -- \(words(a.words)) ;;\n"
        }
        s += """
            esac
          fi
        }
        _termini "$@"

        """
        return s
    }

    static func fish(apps: [AppDescriptor], global: [OptionSpec]) -> String {
        func quoted(_ text: String) -> String { "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'" }
        func line(_ o: OptionSpec, condition: String?) -> String {
            var l = "complete -c termini"
            if let condition { l += " -n \(quoted(condition))" }
            l += " -l \(o.name.dropFirst(2))"
            switch o.values {
            case .themes: l += " -x -a \(quoted("(\(themeCommand))"))"
            case .courts: l += " -x -a \(quoted("(\(courtCommand))"))"
            case .directory: l += " -x -a '(__fish_complete_directories)'"
            case .file: l += " -r -F"
            case .choices(let c): l += " -x -a \(quoted(words(c)))"
            case .free: if o.valueName != nil && !o.valueIsOptional { l += " -x" }
            }
            return l + " -d \(quoted(o.help))"
        }
        let ids = words(apps.map(\.id))
        var s = """
        # fish completion for termini, made by `termini --completions fish`.
        # Installed as PREFIX/share/fish/vendor_completions.d/termini.fish.
        complete -c termini -f

        """
        for a in apps {
            s += "complete -c termini -n \(quoted("not __fish_seen_subcommand_from \(ids)")) -a \(a.id) -d \(quoted(a.summary))\n"
        }
        for a in apps where !a.words.isEmpty {
            let w = words(a.words)
            s += "complete -c termini -n \(quoted("__fish_seen_subcommand_from \(a.id); and not __fish_seen_subcommand_from \(w)")) -a \(quoted(w))"
                + " -d \(quoted(a.summary))\n"
        }
        for o in global { s += line(o, condition: nil) + "\n" }
        for a in apps {
            for o in a.options { s += line(o, condition: "__fish_seen_subcommand_from \(a.id)") + "\n" }
        }
        return s
    }
}
