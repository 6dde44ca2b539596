// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "roost",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "roost", targets: ["RoostCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/vapor/multipart-kit.git", from: "4.7.1"),
    ],
    targets: [
        .target(
            name: "Roost",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "MultipartKit", package: "multipart-kit"),
            ],
            // The target sits at the package root so that the top-level `migrations/`
            // folder can ship with it as a resource.
            path: ".",
            exclude: ["Sources/RoostCLI", "Tests"],
            sources: ["Sources/Roost"],
            resources: [.copy("migrations")]
        ),
        .executableTarget(
            name: "RoostCLI",
            dependencies: [
                "Roost",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/RoostCLI"
        ),
        .testTarget(
            name: "RoostTests",
            dependencies: [
                "Roost",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
    ]
)
