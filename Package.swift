// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "thumbgen",
    // The oldest systems this SwiftPM still builds for, which are also its defaults, so an app's
    // package that names none builds. The client (Renditions, RenditionsBundle) compiles for each:
    // it uses no API newer than these (RenditionsTests/PortabilityTests). The generator runs on Linux.
    platforms: [.macOS(.v10_13), .iOS(.v12), .tvOS(.v12), .watchOS(.v4), .macCatalyst(.v13), .visionOS(.v1)],
    products: [
        .executable(name: "thumbgen", targets: ["thumbgen"]),
        .library(name: "Renditions", targets: ["Renditions", "RenditionsBundle"]),
        .library(name: "ThumbgenKit", targets: ["ThumbgenKit"]),
        // The command line as a library: `Thumbgen.run` drives every command in-process (tests, TestSupport).
        .library(name: "ThumbgenCLI", targets: ["ThumbgenCLI"]),
        .library(name: "ImageCodecs", targets: ["ImageCodecs"]),
        .library(name: "Raster", targets: ["Raster"]),
        // Fixtures made in code: the tests' and the fuzz seeds' (Fuzz/Sources/FuzzSeeds).
        .library(name: "TestSupport", targets: ["TestSupport"]),
    ],
    targets: [
        // System libraries, found through pkg-config (the Makefile's `deps` installs them).
        .systemLibrary(name: "LibJPEG", pkgConfig: "libjpeg",
                       providers: [.apt(["libjpeg62-turbo-dev"])]),
        .systemLibrary(name: "LibPNG", pkgConfig: "libpng16", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "LibEXIF", pkgConfig: "libexif", providers: [.apt(["libexif-dev"])]),
        .systemLibrary(name: "LibYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        // OpenSSL: hashes and HMAC (libcrypto), TLS for an https:// cache (libssl).
        .systemLibrary(name: "LibCrypto", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "LibDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        // libwebpmux's pkg-config pulls in libwebp; the mux adds the ICCP chunk.
        .systemLibrary(name: "LibWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
        // No pkgConfig: libavif.pc's only flag, -DAVIF_DLL, is one SwiftPM refuses (and warns about);
        // the header is in /usr/include and the module map links libavif.
        .systemLibrary(name: "LibAVIF", providers: [.apt(["libavif-dev"])]),
        // HEIC, HEIF and AVIF decoding (HEVC through libde265, AV1 through dav1d or aom).
        .systemLibrary(name: "LibHEIF", pkgConfig: "libheif", providers: [.apt(["libheif-dev"])]),
        // giflib has no pkg-config file: the module map links it and gif_lib.h is in /usr/include.
        .systemLibrary(name: "LibGIF", providers: [.apt(["libgif-dev"])]),
        // ICC profiles for HEIF/AVIF colour given as nclx (primaries and transfer) rather than ICC.
        .systemLibrary(name: "LibLCMS2", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"])]),

        // C shims: each owns the setjmp of every libjpeg/libpng call that can fail.
        .target(name: "CJPEG", dependencies: ["LibJPEG"]),
        .target(name: "CPNG", dependencies: ["LibPNG"]),
        // The system calls Swift cannot reach (openat2, renameat2) for the file-system layer.
        .target(name: "CSystem"),
        // The resampler's inner loops in 16-bit fixed point: portable C, and AVX2 chosen at run time.
        .target(name: "CResample"),

        // Swift modules, lowest first.
        .target(name: "Renditions"),
        // Bundle lookups (Foundation); re-exports Renditions.
        .target(name: "RenditionsBundle", dependencies: ["Renditions"]),
        .target(name: "Raster", dependencies: ["CResample"]),
        .target(name: "YAML", dependencies: ["LibYAML"]),
        .target(name: "ImageCodecs",
                dependencies: ["Raster", "CJPEG", "CPNG", "LibJPEG", "LibPNG", "LibEXIF", "LibDeflate", "LibWebP", "LibAVIF", "LibHEIF", "LibGIF", "LibLCMS2"]),
        .target(name: "ThumbgenKit",
                dependencies: ["Renditions", "Raster", "YAML", "ImageCodecs", "LibCrypto", "CSystem"]),
        // The command line: argv, the commands, the console, diagnostics and exit status, the watch loop.
        .target(name: "ThumbgenCLI", dependencies: ["ThumbgenKit", "Renditions", "Raster", "ImageCodecs", "CSystem"]),
        .executableTarget(name: "thumbgen", dependencies: ["ThumbgenCLI"]),
        // Makes the example site's originals (make originals).
        .executableTarget(name: "ExampleOriginals", dependencies: ["ImageCodecs", "Raster", "GIFWriting"], path: "Tools/ExampleOriginals"),
        // GIF files for the example site and the tests (thumbgen reads GIFs, never writes them).
        .target(name: "GIFWriting", path: "Tools/GIFWriting"),
        // One rendition in several formats and settings, timed: bench/formats.py measures with it.
        .executableTarget(name: "EncodeProbe", dependencies: ["ImageCodecs", "Raster"], path: "Tools/EncodeProbe"),
        // What a client showing every slot of an index at scale 3 decodes and holds, from the
        // originals or from the files the index picks, one process per way (make saving).
        .executableTarget(name: "DecodeSaving", dependencies: ["ImageCodecs", "Renditions"], path: "Tools/DecodeSaving"),

        // Fixtures generated in code, shared by the test targets.
        .target(name: "TestSupport", dependencies: ["ImageCodecs", "Raster", "ThumbgenKit", "ThumbgenCLI", "GIFWriting", "LibWebP", "LibAVIF", "LibHEIF"],
                path: "Tests/TestSupport"),

        .testTarget(name: "RenditionsTests", dependencies: ["Renditions", "RenditionsBundle"], resources: [.copy("Resources")]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "Renditions", "ImageCodecs", "TestSupport"]),
        .testTarget(name: "YAMLTests", dependencies: ["YAML"]),
        .testTarget(name: "ImageCodecsTests",
                    dependencies: ["ImageCodecs", "Raster", "TestSupport", "LibWebP", "LibAVIF", "LibLCMS2", "LibHEIF", "LibGIF"]),
        .testTarget(name: "ThumbgenKitTests",
                    dependencies: ["ThumbgenKit", "ThumbgenCLI", "ImageCodecs", "Raster", "Renditions", "TestSupport"]),
    ]
)
