/// `thumbgen completions zsh`: a completion function for zsh's compsys, as the file `_thumbgen`
/// on `$fpath` (autoloaded) or sourced after `compinit`.
enum ZshCompletion {
    static var text: String {
        let entries = CompletionScript.entries
        let described = entries.map { "'\($0.name):\(quoted($0.summary))'" }.joined(separator: " ")
        let cases = entries.map { entry in
            "    (\(entry.name)) options=(\(entry.options.joined(separator: " "))); arguments=(\(entry.arguments.joined(separator: " "))); paths=\(entry.takesPaths ? 1 : 0) ;;"
        }
        let values = CompletionScript.valueLists.map { "    (\($0.option)) compadd -- \($0.words); return ;;" }
        let valued = CompletionScript.valuedPattern
        return """
            #compdef thumbgen
            # zsh completion for thumbgen, made by 'thumbgen completions zsh'
            _thumbgen() {
              local -a commands options arguments
              commands=(\(described))
              local command= at=0 paths=0 i
              # The command is the first word that is neither an option nor an option's value.
              for (( i = 2; i < CURRENT; i++ )); do
                case ${words[i]} in
                  (\(valued)) (( i++ )) ;;
                  (-*) ;;
                  (*) command=${words[i]} at=$i; break ;;
                esac
              done
              case ${words[CURRENT-1]} in
            \(values.joined(separator: "\n"))
                (\(CompletionScript.fileOptions.joined(separator: "|"))) _files; return ;;
                (\(CompletionScript.folderOptions.joined(separator: "|"))) _files -/; return ;;
                (\(valued)) return ;;
              esac
              if [[ -z $command ]]; then
                if [[ $PREFIX == -* ]]; then
                  compadd -- \(CompletionScript.globalOptions.joined(separator: " "))
                else
                  _describe command commands
                  _files -g '*.(yaml|yml)'
                fi
                return
              fi
              case $command in
            \(cases.joined(separator: "\n"))
                (*) options=(\(entries.first?.options.joined(separator: " ") ?? "")); arguments=(); paths=1 ;;
              esac
              if [[ $PREFIX == -* ]]; then
                compadd -- $options
              else
                (( CURRENT == at + 1 && $#arguments )) && compadd -- $arguments
                (( paths )) && _files
              fi
            }
            if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
              _thumbgen "$@"
            else
              compdef _thumbgen thumbgen
            fi

            """
    }

    /// A summary inside `'…:…'`: its colons escaped for `_describe`, its quotes closed and reopened.
    static func quoted(_ text: String) -> String {
        text.replacing(":", with: "\\:").replacing("'", with: "'\\''")
    }
}
