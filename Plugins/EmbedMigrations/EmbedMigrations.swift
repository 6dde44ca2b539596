import Foundation
import PackagePlugin

/// Compiles the top-level `migrations/*.sql` files into the target as Swift string
/// literals, so that the built binary needs no resource bundle beside it. The folder stays
/// the source of truth for the schema; the generated file lives in the build folder only.
@main
struct EmbedMigrations: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "migrations")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "sql" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedMigrations.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) migrations",
                executable: try context.tool(named: "MigrationEmbedder").url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            ),
        ]
    }
}
