import Testing

@testable import TestSupport

/// Tests that need the machine (the binary, root, prlimit, a cgroup) skip elsewhere, saying
/// what they need, and fail under CI=true.
@Suite struct RequirementTests {
    @Test func aMissingNeedSkipsElsewhereAndFailsUnderCI() throws {
        #expect(try Requirement.verdict("a thing", met: true, ci: true))
        #expect(try !Requirement.verdict("a thing", met: false, ci: false))
        #expect(throws: Requirement.Missing.self) { try Requirement.verdict("a thing", met: false, ci: true) }
        do {
            _ = try Requirement.verdict("the thumbgen binary", met: false, ci: true)
        } catch {
            #expect("\(error)" == "CI=true, but this test could not run: it needs the thumbgen binary")
        }
    }
}
