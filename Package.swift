// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "thumbgen",
    products: [
        .executable(name: "thumbgen", targets: ["thumbgen"]),
        .library(name: "Renditions", targets: ["Renditions"]),
        .library(name: "ThumbgenKit", targets: ["ThumbgenKit"]),
    ],
    targets: [
        // System libraries, found through pkg-config (the Makefile's `deps` installs them).
        .systemLibrary(name: "LibJPEG", pkgConfig: "libjpeg",
                       providers: [.apt(["libjpeg62-turbo-dev"])]),
        .systemLibrary(name: "LibPNG", pkgConfig: "libpng16", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "LibEXIF", pkgConfig: "libexif", providers: [.apt(["libexif-dev"])]),
        .systemLibrary(name: "LibYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(name: "LibCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "LibDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),

        // C shims: each owns the setjmp of every libjpeg/libpng call that can fail.
        .target(name: "CJPEG", dependencies: ["LibJPEG"]),
        .target(name: "CPNG", dependencies: ["LibPNG"]),

        // Swift modules, lowest first.
        .target(name: "Renditions"),
        .target(name: "Raster"),
        .target(name: "YAML", dependencies: ["LibYAML"]),
        .target(name: "ImageCodecs", dependencies: ["Raster", "CJPEG", "CPNG", "LibEXIF", "LibDeflate"]),
        .target(name: "ThumbgenKit",
                dependencies: ["Renditions", "Raster", "YAML", "ImageCodecs", "LibCrypto"]),
        .executableTarget(name: "thumbgen", dependencies: ["ThumbgenKit"]),

        // PNG, GIF and WebP files written byte by byte, for the codec and pipeline tests.
        .target(name: "ImageFixtures", dependencies: ["Raster"], path: "Tests/ImageFixtures"),
        .testTarget(name: "RenditionsTests", dependencies: ["Renditions"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster"]),
        .testTarget(name: "YAMLTests", dependencies: ["YAML"]),
        .testTarget(name: "ImageCodecsTests", dependencies: ["ImageCodecs", "Raster", "ImageFixtures"]),
        .testTarget(name: "ThumbgenKitTests",
                    dependencies: ["ThumbgenKit", "ImageCodecs", "Raster", "Renditions", "ImageFixtures"]),
    ]
)
