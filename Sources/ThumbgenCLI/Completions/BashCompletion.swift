/// `thumbgen completions bash`: a function for bash's `complete -F`, in the form
/// bash-completion loads from /usr/share/bash-completion/completions/thumbgen.
enum BashCompletion {
    static var text: String {
        let entries = CompletionScript.entries
        let cases = entries.map { entry in
            "        \(entry.name)) options='\(entry.options.joined(separator: " "))' arguments='\(entry.arguments.joined(separator: " "))' paths=\(entry.takesPaths ? 1 : 0) ;;"
        }
        let values = CompletionScript.valueLists.map { "        \($0.option)) COMPREPLY=($(compgen -W '\($0.words)' -- \"$cur\")); return ;;" }
        let valued = CompletionScript.valuedPattern
        return """
            # bash completion for thumbgen, made by 'thumbgen completions bash'
            _thumbgen() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
                local commands='\(entries.map(\.name).joined(separator: " "))'
                local command='' at=0 i
                # The command is the first word that is neither an option nor an option's value.
                for ((i = 1; i < COMP_CWORD; i++)); do
                    case ${COMP_WORDS[i]} in
                    \(valued)) ((i++)) ;;
                    -*) ;;
                    *) command=${COMP_WORDS[i]} at=$i; break ;;
                    esac
                done
                case $prev in
            \(values.joined(separator: "\n"))
                \(CompletionScript.fileOptions.joined(separator: "|"))) mapfile -t COMPREPLY < <(compgen -f -- "$cur"); return ;;
                \(CompletionScript.folderOptions.joined(separator: "|"))) mapfile -t COMPREPLY < <(compgen -d -- "$cur"); return ;;
                \(valued)) return ;;
                esac
                local options='\(CompletionScript.globalOptions.joined(separator: " "))' arguments=$commands paths=1
                # A first word that names no command is a manifest: thumbgen builds it.
                if [[ -n $command ]]; then
                    case " $commands " in *" $command "*) ;; *) command=build ;; esac
                    case $command in
            \(cases.joined(separator: "\n"))
                    esac
                fi
                if [[ $cur == -* ]]; then
                    COMPREPLY=($(compgen -W "$options" -- "$cur"))
                else
                    # A command's words come right after it; paths anywhere it takes them.
                    if [[ -z $command ]] || ((COMP_CWORD == at + 1)); then COMPREPLY=($(compgen -W "$arguments" -- "$cur")); fi
                    if ((paths)); then mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -f -- "$cur"); fi  # names with spaces stay one word
                fi
            }
            complete -o filenames -F _thumbgen thumbgen

            """
    }
}
