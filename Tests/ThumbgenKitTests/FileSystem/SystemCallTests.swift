import CSystem
import Glibc
import Testing

@testable import ThumbgenKit

extension FileSystemTests {
    /// openat2 is the way taken wherever the kernel offers it, and the walk is taken when forced.
    @Suite struct SystemCallTests {
        /// Whether this kernel (and its seccomp filter) accepts openat2 with the resolve flags.
        static let kernelHasOpenat2: Bool = {
            let descriptor = tg_openat2(AT_FDCWD, ".", UInt64(O_RDONLY | O_DIRECTORY | O_CLOEXEC), 0,
                                        UInt64(TG_RESOLVE_BENEATH | TG_RESOLVE_NO_SYMLINKS))
            if descriptor >= 0 { close(descriptor) }
            return descriptor >= 0
        }()

        @Test func openat2IsUsedWhereTheKernelHasIt() throws {
            var name = utsname()
            uname(&name)
            let release = withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            print("kernel \(release): openat2 \(Self.kernelHasOpenat2 ? "works" : "is refused (ENOSYS or EPERM)")")
            let site = try FileSystemFixture(.newest)
            #expect(site.root.usesOpenat2 == Self.kernelHasOpenat2)
            try site.root.writeAtomically([1], to: "a/b/c.jpg", temporaryName: ".t", createFolders: true)
            try site.root.writeAtomically([2], to: "a/b/d.jpg", temporaryName: ".t")
            _ = site.root.entry("a/b/c.jpg")
            #expect(site.root.openat2Calls.load(ordering: .relaxed) >= (Self.kernelHasOpenat2 ? 3 : 0))
        }

        @Test func thePortableWayNeverCallsOpenat2() throws {
            let site = try FileSystemFixture(.portable)
            #expect(!site.root.usesOpenat2)
            try site.root.writeAtomically([1], to: "a/b/c.jpg", temporaryName: ".t", createFolders: true)
            #expect(throws: WriteError.self) {
                try site.root.writeAtomically([2], to: "a/b/c.jpg", temporaryName: ".t", ifExists: .refuse)
            }
            #expect(site.root.openat2Calls.load(ordering: .relaxed) == 0)
        }

        /// The rename that must not replace, alone: a file that appeared after every check is
        /// kept (renameat2 RENAME_NOREPLACE, or link then unlink), and the temporary is left
        /// for the caller to remove.
        @Test(arguments: bothWays)
        func theLastRenameNeverReplacesAFileThatAppeared(_ way: RootDirectory.SystemCalls) throws {
            let site = try FileSystemFixture(way, files: ["photos/.t", "photos/a.jpg", "photos/.u"])
            let folder = try site.root.openFolder(try #require(RelativePath("photos")), for: .write)
            #expect(site.root.renameRefusingExisting(".t", to: "a.jpg", in: folder.raw) == EEXIST)
            #expect(site.bytes("photos/a.jpg") == Array("photos/a.jpg".utf8))
            #expect(site.root.renameRefusingExisting(".u", to: "b.jpg", in: folder.raw) == 0)
            #expect(site.bytes("photos/b.jpg") == Array("photos/.u".utf8))
            #expect(site.rootListing == ["photos", "photos/.t", "photos/a.jpg", "photos/b.jpg"])
        }
    }

    /// Which errors stop a build, and the words of each.
    @Suite struct WriteErrorTests {
        @Test func onlyAFullDiskAQuotaOrAReadOnlyFileSystemStopsTheBuild() {
            let stopping: [Int32] = [ENOSPC, EDQUOT, EROFS]
            let oneImage: [Int32] = [ENAMETOOLONG, EACCES, EPERM, EISDIR, ELOOP, EXDEV, ENOTDIR, EEXIST, ENOENT, EIO]
            for code in stopping { #expect(WriteError.Cause(errno: code).stopsBuild, "\(code)") }
            for code in oneImage { #expect(!WriteError.Cause(errno: code).stopsBuild, "\(code)") }
        }

        @Test func reasonsAreWordsThatSayWhatToDo() {
            func reason(_ code: Int32, _ operation: WriteError.Operation = .write) -> String {
                WriteError(root: "/site", relative: "photos/a.jpg", errno: code, operation: operation).description
            }
            #expect(reason(ENOSPC) == "/site/photos/a.jpg: the disk is full; free some space and run the build again")
            #expect(reason(EDQUOT) == "/site/photos/a.jpg: the disk quota is used up; free some space or raise the quota, and run the build again")
            #expect(reason(EROFS) == "/site/photos/a.jpg: the file system is read-only; make it writable and run the build again")
            #expect(reason(ENAMETOOLONG) == "/site/photos/a.jpg: the name of photos/a.jpg is longer than the file system allows; shorten it")
            #expect(reason(EISDIR) == "/site/photos/a.jpg: photos/a.jpg is a folder where a file must go; move it")
            #expect(reason(EIO, .remove) == "/site/photos/a.jpg: cannot delete photos/a.jpg: Input/output error")
            #expect(reason(EACCES) == "/site/photos/a.jpg: permission denied on photos/a.jpg; give thumbgen permission there or choose another root")
        }
    }
}
