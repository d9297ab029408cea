import Raster
import Testing
@testable import ThumbgenCLI
@testable import ThumbgenKit

/// `argv` → `Request`: commands, options, shards from options or the environment, and every
/// mistake as one plain message.
struct ArgumentParserTests {
    static func request(_ command: Request.Command, _ configure: (inout Request) -> Void = { _ in }) -> Request {
        var request = Request(command: command)
        configure(&request)
        return request
    }

    @Test(arguments: [
        ([], request(.build)),
        (["site/manifest.yaml"], request(.build) { $0.manifest = "site/manifest.yaml" }),
        (["build", "m.yaml"], request(.build) { $0.manifest = "m.yaml" }),
        (["check"], request(.check)),
        (["clean", "x.yaml"], request(.clean) { $0.manifest = "x.yaml" }),
        (["merge"], request(.merge)),
        (["report", "a/b.yml"], request(.report) { $0.manifest = "a/b.yml" }),
        (["--", "--odd.yaml"], request(.build) { $0.manifest = "--odd.yaml" }),
        (["--dry-run", "m.yaml", "--force", "--quiet", "--strict", "--json"], request(.build) {
            $0.manifest = "m.yaml"; $0.dryRun = true; $0.force = true; $0.quiet = true; $0.strict = true; $0.json = true
        }),
        (["-q", "-j", "4"], request(.build) { $0.quiet = true; $0.jobs = 4 }),
        (["--jobs=2", "check"], request(.check) { $0.jobs = 2 }),
        (["--jobs", "1024"], request(.build) { $0.jobs = 1024 }),
        (["--max-pixels", "1000"], request(.build) { $0.maxPixels = 1000 }),
        (["build", "--profile", "--json"], request(.build) { $0.profile = true; $0.json = true }),
        (["--shard", "2/3"], request(.build) { $0.shard = Shard(index: 2, count: 3) }),
        (["build", "--shard=1/1"], request(.build) { $0.shard = Shard(index: 1, count: 1) }),
        (["help"], request(.help)),
        (["help", "build"], request(.help) { $0.helpTopic = "build" }),
        (["--help"], request(.help)),
        (["-h", "lookup"], request(.help) { $0.helpTopic = "lookup" }),
        (["check", "--version"], request(.version)),
        (["lookup", "r.json", "a b.jpg", "--slot", "thumb", "--scale", "1.5"], request(.lookup) {
            $0.lookupIndex = "r.json"; $0.lookupImage = "a b.jpg"; $0.lookupSlot = "thumb"; $0.lookupScale = 1.5
        }),
        (["lookup", "--pixels=640x480", "r.json", "a.jpg"], request(.lookup) {
            $0.lookupIndex = "r.json"; $0.lookupImage = "a.jpg"; $0.lookupPixels = PixelSize(width: 640, height: 480)
        }),
    ] as [([String], Request)])
    func parses(_ arguments: [String], _ expected: Request) throws {
        #expect(try ArgumentParser.parse(arguments) == expected)
    }

    @Test(arguments: [
        (["--jobs", "0"], "--jobs must be a whole number from 1 to 1024, but it is '0'"),
        (["--jobs", "many"], "--jobs must be a whole number from 1 to 1024, but it is 'many'"),
        (["--jobs", "1025"], "--jobs must be a whole number from 1 to 1024, but it is '1025'"),
        (["--jobs=", "m.yaml"], "--jobs must be a whole number from 1 to 1024, but it is ''"),
        (["--jobs"], "--jobs needs a value"),
        (["--max-pixels", "-5"], "--max-pixels must be a whole number above 0, but it is '-5'"),
        (["--dryrun"], "unknown option '--dryrun' (did you mean '--dry-run'?); see 'thumbgen --help'"),
        (["--josn"], "unknown option '--josn' (did you mean '--json'?); see 'thumbgen --help'"),
        (["--frobnicate"], "unknown option '--frobnicate'; see 'thumbgen --help'"),
        (["--dry-run=yes"], "--dry-run takes no value, but was given 'yes'"),
        (["buidl"], "unknown command 'buidl' (did you mean 'build'?); see 'thumbgen --help'"),
        (["build", "a.yaml", "b.yaml"], "build takes one manifest, but got: a.yaml b.yaml"),
        (["--shard", "0/3"], "--shard must be K/N with 1 ≤ K ≤ N, like 2/3, but it is '0/3'"),
        (["--shard", "4/3"], "--shard must be K/N with 1 ≤ K ≤ N, like 2/3, but it is '4/3'"),
        (["--shard", "2"], "--shard must be K/N with 1 ≤ K ≤ N, like 2/3, but it is '2'"),
        (["--shard", "a/b"], "--shard must be K/N with 1 ≤ K ≤ N, like 2/3, but it is 'a/b'"),
        (["check", "--shard", "1/2"], "--shard is for 'build'; 'merge' then joins the shards"),
        (["check", "--profile"], "--profile is for 'build' (without --dry-run)"),
        (["--dry-run", "--profile"], "--profile is for 'build' (without --dry-run)"),
        (["lookup", "r.json"], "usage: thumbgen lookup INDEX IMAGE (--slot S --scale N | --pixels WxH)"),
        (["lookup", "r.json", "a.jpg"], "usage: thumbgen lookup INDEX IMAGE (--slot S --scale N | --pixels WxH)"),
        (["lookup", "r.json", "a.jpg", "--slot", "thumb"], "usage: thumbgen lookup INDEX IMAGE (--slot S --scale N | --pixels WxH)"),
        (["lookup", "r.json", "a.jpg", "--slot", "t", "--scale", "0"], "--scale must be a number above 0, like 2 or 1.5, but it is '0'"),
        (["lookup", "r.json", "a.jpg", "--slot", "t", "--scale", "-2"], "--scale must be a number above 0, like 2 or 1.5, but it is '-2'"),
        (["lookup", "r.json", "a.jpg", "--pixels", "640"], "--pixels must be WIDTHxHEIGHT in pixels, like 640x480, but it is '640'"),
        (["lookup", "r.json", "a.jpg", "--pixels", "0x5"], "--pixels must be WIDTHxHEIGHT in pixels, like 640x480, but it is '0x5'"),
    ])
    func refuses(_ arguments: [String], _ message: String) {
        #expect(throws: UsageError(message)) { try ArgumentParser.parse(arguments) }
    }

    @Test(arguments: [
        (["THUMBGEN_SHARD": "1/2"], Shard(index: 1, count: 2)),
        (["JOB_COMPLETION_INDEX": "0", "THUMBGEN_SHARD_COUNT": "3"], Shard(index: 1, count: 3)),
        (["JOB_COMPLETION_INDEX": "2", "THUMBGEN_SHARD_COUNT": "3"], Shard(index: 3, count: 3)),
        (["THUMBGEN_SHARD": "2/2", "JOB_COMPLETION_INDEX": "0", "THUMBGEN_SHARD_COUNT": "3"], Shard(index: 2, count: 2)),
        (["JOB_COMPLETION_INDEX": "0"], nil),
        (["THUMBGEN_SHARD_COUNT": "3"], nil),
    ] as [([String: String], Shard?)])
    func takesTheShardFromTheEnvironment(_ environment: [String: String], _ expected: Shard?) throws {
        #expect(try ArgumentParser.parse(["build"], environment: environment).shard == expected)
    }

    @Test func theOptionWinsOverTheEnvironment() throws {
        let request = try ArgumentParser.parse(["--shard", "3/3"], environment: ["THUMBGEN_SHARD": "1/2"])
        #expect(request.shard == Shard(index: 3, count: 3))
    }

    @Test(arguments: [["merge"], ["check"], ["lookup", "r.json", "a.jpg", "--pixels", "1x1"]])
    func otherCommandsIgnoreTheShardEnvironment(_ arguments: [String]) throws {
        let environment = ["THUMBGEN_SHARD": "2/3", "JOB_COMPLETION_INDEX": "1", "THUMBGEN_SHARD_COUNT": "3"]
        #expect(try ArgumentParser.parse(arguments, environment: environment).shard == nil)
    }

    @Test(arguments: [
        (["THUMBGEN_SHARD": "5"], "THUMBGEN_SHARD must be K/N with 1 ≤ K ≤ N, like 2/3, but it is '5'"),
        (["JOB_COMPLETION_INDEX": "3", "THUMBGEN_SHARD_COUNT": "3"],
         "JOB_COMPLETION_INDEX=3 and THUMBGEN_SHARD_COUNT=3 do not make a shard (the index counts from 0 and must be below the count)"),
        (["JOB_COMPLETION_INDEX": "x", "THUMBGEN_SHARD_COUNT": "3"],
         "JOB_COMPLETION_INDEX=x and THUMBGEN_SHARD_COUNT=3 do not make a shard (the index counts from 0 and must be below the count)"),
    ])
    func refusesABadShardEnvironment(_ environment: [String: String], _ message: String) {
        #expect(throws: UsageError(message)) { try ArgumentParser.parse(["build"], environment: environment) }
    }

    @Test func shardDescribesItself() {
        #expect(Shard(index: 2, count: 3)?.description == "2/3")
        #expect(Shard(index: 0, count: 3) == nil)
        #expect(Shard(index: 1, count: 0) == nil)
    }
}
