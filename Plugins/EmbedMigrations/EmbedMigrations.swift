import Foundation
import PackagePlugin

/// Compiles the top-level `migrations/*.sql` files (and PostgreSQL's, `migrations/postgres/*.sql`) into the target as Swift string
/// literals, so that the built binary needs no resource bundle beside it. The folder stays
/// the source of truth for the schema; the generated file lives in the build folder only.
@main
struct EmbedMigrations: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "migrations")
        let postgresFolder = folder.appending(path: "postgres")
        let files = try [folder, postgresFolder].flatMap { folder in
            try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil).filter { $0.pathExtension == "sql" }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedMigrations.swift")
        // The folder itself is an input, and the tool lists it: SwiftPM keeps the plan this
        // function made between builds, so a file added later must show up through the
        // folder's contents changing, not through this list.
        return [
            .buildCommand(
                displayName: "Embedding migrations",
                executable: try context.tool(named: "MigrationEmbedder").url,
                arguments: [output.path, folder.path],
                inputFiles: [folder, postgresFolder] + files,
                outputFiles: [output]
            ),
        ]
    }
}
