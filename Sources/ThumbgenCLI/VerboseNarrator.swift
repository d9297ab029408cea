import ThumbgenKit

extension Request {
    /// `--verbose`: the stages' decisions as `thumbgen: <line>` on standard error; nil without it.
    func narrator(_ console: Console) -> Narrator? {
        verbose ? Narrator { console.err("thumbgen: \($0)\n") } : nil
    }
}
