import Foundation
import Testing
import TestSupport

@testable import ThumbgenCLI

/// thumbgen(1) rendered by groff says what `--help` and `help COMMAND` say, and the completion
/// scripts, run by the shells themselves, offer every command and each command's options as
/// its help names them.
@Suite struct ManPageAndCompletionsTests {
    /// What thumbgen printed on standard output for `arguments`.
    static func printed(_ arguments: [String]) -> String {
        let captured = CapturedConsole()
        #expect(captured.run(arguments) == .success, "\(arguments): \(captured.err)")
        return captured.out
    }

    /// Runs `script` with /bin/sh in `folder`: status, standard output and standard error apart.
    static func shell(_ script: String, in folder: TemporaryFolder) throws -> (status: Int32, out: String, err: String) {
        try folder.write("run.sh", text: script)
        let result = try Subprocess.run("/bin/sh", ["-c", "sh ./run.sh > out.txt 2> err.txt"], in: folder.url)
        let read = { (name: String) in (try? String(contentsOf: folder.url.appendingPathComponent(name), encoding: .utf8)) ?? "" }
        return (result.status, read("out.txt"), read("err.txt"))
    }

    /// The options `help COMMAND` shows in its synopsis (the lines before the description), as a
    /// reader of the help would list them, and --help.
    static func optionsInHelp(_ command: String) -> Set<String> {
        let lines = printed(["help", command]).split(separator: "\n")
        let synopsis = [lines[0]] + lines.dropFirst().prefix { $0.hasPrefix(" ") }
        var options: Set<String> = ["--help"]
        for line in synopsis {
            for word in line.split(whereSeparator: { " []|():".contains($0) }) where word.hasPrefix("--") { options.insert(String(word)) }
        }
        return options
    }

    static let commands = Commands.names

    @Test(.needs("groff", { Subprocess.find(["/usr/bin/groff"]) != nil }))
    func theManPageRendersCleanAndSaysWhatTheHelpSays() throws {
        let folder = try TemporaryFolder()
        try folder.write("thumbgen.1", text: Self.printed(["help", "--man"]))
        let groff = try Self.shell("LC_ALL=C.UTF-8 groff -man -ww -Tutf8 -P-cbou thumbgen.1", in: folder)
        #expect(groff.status == 0)
        #expect(groff.err == "", "groff's warnings: \(groff.err)")
        let rendered = Set(groff.out.replacing("\u{2010}", with: "-").replacing("\u{2212}", with: "-")
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        // Filled text (NAME) may break a word at a hyphenation point, as any man page does.
        let words = groff.out.replacing(/\x{2010}\n\s*/, with: "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("NAME thumbgen - decode each image once, straight to the pixel sizes its display slots need,"))
        var expected = Self.printed(["--help"]).split(separator: "\n").map(String.init)
        #expect(expected == Self.printed(["help"]).split(separator: "\n").map(String.init))
        for command in Self.commands {
            expected += Self.printed(["help", command]).split(separator: "\n").map(String.init)
            #expect(Self.printed(["--help", command]) == Self.printed(["help", command]))
        }
        for line in expected {
            // A heading of --help is the page's section title: what follows it is the text.
            let text = line.trimmingCharacters(in: .whitespaces)
            let unheaded = ["usage: ", "exit status: "].reduce(text) { $0.hasPrefix($1) ? String($0.dropFirst($1.count)) : $0 }
            guard !["commands:", "options:", "examples:"].contains(text) else { continue }
            #expect(rendered.contains(unheaded), "the man page lacks: \(line)")
        }
    }

    @Test(.needs("bash with bash-completion", { FileManager.default.fileExists(atPath: "/usr/share/bash-completion/bash_completion") }))
    func bashOffersEveryCommandAndEveryOptionOfEach() throws {
        let folder = try TemporaryFolder()
        try folder.write("thumbgen.bash", text: Self.printed(["completions", "bash"]))
        try folder.makeFolder("empty")
        // As bash does on Tab: COMP_WORDS and COMP_CWORD set, then the function `complete -p` names.
        let offer = """
            offer() {
                COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
                function=$(complete -p thumbgen | sed -n 's/.* -F \\([^ ]*\\) .*/\\1/p')
                "$function" thumbgen "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
                printf '%s\\n' "${COMPREPLY[@]}" | sort | tr '\\n' ' '; echo
            }
            """
        var lines = [offer, "offer thumbgen ''", "offer thumbgen --jobs 4 ch", "offer thumbgen build --format ''",
                     "offer thumbgen help b", "offer thumbgen export ''"]
        lines += Self.commands.map { "offer thumbgen \($0) --" }
        let script = ". /usr/share/bash-completion/bash_completion\n. ../thumbgen.bash\ncomplete -p thumbgen >&2\n" + lines.joined(separator: "\n")
        try folder.write("empty/run.bash", text: script)
        let result = try Subprocess.run("/bin/bash", ["-c", "cd empty && bash --norc ./run.bash 2> ../err.txt"], in: folder.url)
        let error = (try? String(contentsOf: folder.url.appendingPathComponent("err.txt"), encoding: .utf8)) ?? ""
        #expect(result.status == 0, "\(result.output) \(error)")
        #expect(error == "complete -o filenames -F _thumbgen thumbgen\n")
        let answers = result.output.split(separator: "\n", omittingEmptySubsequences: false).map { Set($0.split(separator: " ").map(String.init)) }
        try #require(answers.count >= 5 + Self.commands.count, "\(result.output)")
        #expect(answers[0] == Set(Self.commands + ["run.bash"]))
        #expect(answers[1] == ["check"])
        #expect(answers[2] == ["github", "text"])
        #expect(answers[3] == ["build"])
        #expect(answers[4] == ["xcassets", "run.bash"])
        let known = Set(ArgumentParser.flags + ArgumentParser.valued)
        for (number, command) in Self.commands.enumerated() {
            let options = Self.optionsInHelp(command)
            #expect(answers[5 + number] == options, "thumbgen \(command) --<Tab>")
            #expect(options.isSubset(of: known), "\(command)'s help names options the parser does not take: \(options.subtracting(known))")
        }
        #expect(Self.optionsInHelp("build").isSuperset(of: ["--jobs", "--shard", "--cache", "--format"]))
    }

    @Test(.needs("fish", { Subprocess.find(["/usr/bin/fish"]) != nil }))
    func fishLoadsTheScriptAndOffersEveryCommandAndOption() throws {
        let folder = try TemporaryFolder()
        try folder.write("thumbgen.fish", text: Self.printed(["completions", "fish"]))
        var lines = ["source thumbgen.fish", "echo '## '", "complete -C 'thumbgen '"]
        for command in Self.commands { lines += ["echo '## \(command)'", "complete -C 'thumbgen \(command) --'"] }
        try folder.write("run.fish", text: lines.joined(separator: "\n") + "\n")
        let result = try Self.shell("HOME=\"$PWD\" XDG_CONFIG_HOME=\"$PWD\" fish --no-config run.fish", in: folder)
        #expect(result.status == 0)
        #expect(result.err == "", "fish: \(result.err)")
        var offered: [String: Set<String>] = [:]
        for block in result.out.split(separator: "## ", omittingEmptySubsequences: false).dropFirst() {
            let rows = block.split(separator: "\n")
            let key = block.hasPrefix("\n") ? "" : String(rows.first ?? "")
            offered[key] = Set(rows.dropFirst(key.isEmpty ? 0 : 1).map { String($0.split(separator: "\t").first ?? "") })
        }
        #expect(offered["", default: []].isSuperset(of: Self.commands), "\(result.out)")
        for command in Self.commands {
            #expect(offered[command, default: []] == Self.optionsInHelp(command), "thumbgen \(command) --<Tab> in fish")
        }
    }

    @Test(.needs("zsh", { Subprocess.find(["/usr/bin/zsh"]) != nil }))
    func zshLoadsTheScriptSourcedAndAutoloaded() throws {
        let folder = try TemporaryFolder()
        try folder.write("functions/_thumbgen", text: Self.printed(["completions", "zsh"]))
        let script = """
            autoload -U compinit && compinit -u -D
            source functions/_thumbgen
            print -r -- "sourced ${_comps[thumbgen]}"
            unset '_comps[thumbgen]'; unfunction _thumbgen
            fpath=($PWD/functions $fpath) && compinit -u -D
            print -r -- "autoloaded ${_comps[thumbgen]}"
            """
        try folder.write("run.zsh", text: script)
        let result = try Self.shell("HOME=\"$PWD\" zsh -f run.zsh", in: folder)
        #expect(result.status == 0)
        #expect(result.err == "", "zsh: \(result.err)")
        #expect(result.out == "sourced _thumbgen\nautoloaded _thumbgen\n")
        let check = try Self.shell("zsh -n functions/_thumbgen", in: folder)
        #expect(check.status == 0 && check.err == "", "zsh -n: \(check.err)")
    }

    @Test(arguments: [
        (["completions"], "completions takes one shell, bash, zsh or fish, but got: ''"),
        (["completions", "tcsh"], "completions takes one shell, bash, zsh or fish, but got: 'tcsh'"),
        (["build", "--man"], "--man is for 'help': thumbgen help --man"),
    ])
    func mistakesAreUsageErrors(_ arguments: [String], _ message: String) {
        #expect(throws: UsageError(message)) { try ArgumentParser.parse(arguments) }
    }
}
