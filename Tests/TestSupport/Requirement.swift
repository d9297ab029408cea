import Foundation
import Testing

/// What a test needs from the machine beyond the package: the thumbgen binary beside the test
/// bundle, root, `prlimit`, a cgroup it may create. Elsewhere such a test is skipped, saying
/// what it needs; under `CI=true` a missing need fails the test, since a skip there would pass
/// unnoticed (CI is where these tests must run).
public enum Requirement {
    public static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// Why a test that needed something did not run, under CI.
    public struct Missing: Error, CustomStringConvertible {
        public var description: String
    }

    /// True when `what` is there; false (a skip, whose comment says what is missing) outside CI;
    /// under CI, an error (a failure).
    static func verdict(_ what: String, met: Bool, ci: Bool) throws -> Bool {
        if met { return true }
        if ci { throw Missing(description: "CI=true, but this test could not run: it needs \(what)") }
        return false
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test when `condition` holds; otherwise skips it, saying it needs `what`, or,
    /// under `CI=true`, fails it.
    public static func needs(_ what: String, _ condition: @escaping @Sendable () -> Bool) -> Self {
        .enabled("needs \(what)") { try Requirement.verdict(what, met: condition(), ci: Requirement.isCI) }
    }

    /// The thumbgen binary, built beside the test bundle (`swift build` before `swift test`).
    public static var needsBinary: Self {
        .needs("the thumbgen binary at \(Executable.url.path) (run swift build first)") { Executable.exists }
    }
}
