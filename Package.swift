// swift-tools-version:6.0
import PackageDescription

// The packages on the hot path (HTTP, storage, networking) resolve within the minor
// version tested here, so a user's build gets what CI ran; the others follow semver.
let package = Package(
    name: "roost",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "roost", targets: ["RoostCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", .upToNextMinor(from: "2.28.1")),
        .package(url: "https://github.com/groue/GRDB.swift.git", .upToNextMinor(from: "7.10.0")),
        .package(url: "https://github.com/apple/swift-nio.git", .upToNextMinor(from: "2.101.2")),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/vapor/multipart-kit.git", from: "4.7.1"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/vapor/postgres-nio.git", .upToNextMinor(from: "1.33.2")),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
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
                // Hummingbird's file writes throw its errors: read to tell a full disk.
                .product(name: "_NIOFileSystem", package: "swift-nio"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                // TLS to PostgreSQL, as `sslmode` asks.
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            plugins: ["EmbedMigrations"]
        ),
        .executableTarget(
            name: "RoostCLI",
            dependencies: [
                "Roost",
                "MallocArenas",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // glibc's `mallopt`, which Swift's Glibc module does not export.
        .target(name: "MallocArenas"),
        // Builds the Swift file that carries migrations/*.sql into the binary.
        .executableTarget(name: "MigrationEmbedder"),
        .plugin(name: "EmbedMigrations", capability: .buildTool(), dependencies: ["MigrationEmbedder"]),
        .testTarget(
            name: "RoostTests",
            dependencies: [
                "Roost",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
    ]
)
