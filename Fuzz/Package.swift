// swift-tools-version:6.0
// libFuzzer targets, kept apart from the main package: a fuzz target has no `main` of its own
// (libFuzzer brings it), so it links only with --sanitize=fuzzer. `make fuzz` builds and runs them.
import PackageDescription

let package = Package(
    name: "thumbgen-fuzz",
    dependencies: [.package(name: "thumbgen", path: "..")],
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: "ThumbgenKit", package: "thumbgen"), .product(name: "ImageCodecs", package: "thumbgen"), .product(name: "Raster", package: "thumbgen")]),
        .executableTarget(name: "FuzzJPEG", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzPNG", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzHeaders", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzManifest", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzHEIF", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzWebP", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzGIF", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzIndex", dependencies: ["FuzzSupport", .product(name: "Renditions", package: "thumbgen")]),
        // Writes each target's seed corpus; an ordinary program (it has a main).
        .executableTarget(name: "FuzzSeeds", dependencies: [.product(name: "ImageCodecs", package: "thumbgen"), .product(name: "Raster", package: "thumbgen"),
                                                         .product(name: "TestSupport", package: "thumbgen")]),
    ]
)
