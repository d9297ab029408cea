// swift-tools-version:6.0
// An app's package that depends on the `Renditions` library alone (no C libraries): built by
// Tests/RenditionsTests/ConsumerPackageTests.swift, as the README's SwiftPM snippet says.
import PackageDescription

let package = Package(
    name: "Consumer",
    dependencies: [
        .package(name: "thumbgen", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "Consumer", dependencies: [.product(name: "Renditions", package: "thumbgen")]),
    ]
)
