// swift-tools-version:6.0
import PackageDescription

// Layers (see DESIGN.md): UI → Engine, Document, Shim; Document → Engine; Engine → nothing of ours;
// Sandbox → its C part only.
let package = Package(
    name: "Quire",
    products: [
        .executable(name: "quire", targets: ["quire"]),
        .executable(name: "quire-make-guide", targets: ["quire-make-guide"]),
        .executable(name: "quire-bench", targets: ["quire-bench"]),
        .executable(name: "quire-fuzz", targets: ["quire-fuzz"]),
    ],
    targets: [
        .systemLibrary(name: "CGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        .systemLibrary(name: "CPoppler", pkgConfig: "poppler-glib", providers: [.apt(["libpoppler-glib-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .target(name: "CShim", dependencies: ["CGtk"]),
        .target(name: "CSandbox", linkerSettings: [.linkedLibrary("seccomp")]),

        .target(name: "QuireEngine"),
        .target(name: "QuireDocument", dependencies: ["QuireEngine", "CPoppler", "CCairo"],
                linkerSettings: [.linkedLibrary("gio-2.0")]),
        .target(name: "PDFWriter", dependencies: ["CCairo"]),
        // What a helper process does to itself before it reads a document: no poppler, no GTK.
        .target(name: "QuireSandbox", dependencies: ["CSandbox"]),
        .target(name: "QuireUI", dependencies: ["QuireEngine", "QuireDocument", "CShim", "CGtk"]),

        .executableTarget(name: "quire", dependencies: ["QuireUI"]),
        .executableTarget(name: "quire-make-guide", dependencies: ["PDFWriter"]),
        .executableTarget(name: "quire-bench", dependencies: ["QuireEngine", "QuireDocument"]),
        // The fuzzer splices the robustness suite's hostile classes (Tests/Fixtures) into its seeds.
        .executableTarget(name: "quire-fuzz", dependencies: ["QuireEngine", "QuireDocument", "QuireProbe", "Fixtures"]),
        // Opens a document, confines itself, renders and tries what the sandbox forbids: for the sandbox tests.
        .executableTarget(name: "quire-sandbox-probe", dependencies: ["QuireSandbox", "QuireDocument", "CCairo"]),
        // A document's pages through the engine without GTK: the fuzzer's child and the robustness tests.
        .target(name: "QuireProbe", dependencies: ["QuireEngine", "QuireDocument"]),

        // Test fixtures made with PDFWriter; not part of any product.
        .target(name: "Fixtures", dependencies: ["PDFWriter"], path: "Tests/Fixtures"),
        .testTarget(name: "QuireEngineTests", dependencies: ["QuireEngine"]),
        .testTarget(name: "QuireDocumentTests", dependencies: ["QuireDocument", "QuireProbe", "Fixtures", "PDFWriter"]),
        .testTarget(name: "QuireSandboxTests", dependencies: ["QuireSandbox"]),
        .testTarget(name: "QuireWindowTests", dependencies: ["QuireDocument", "QuireUI", "Fixtures", "CCairo"]),
    ],
    swiftLanguageModes: [.v6]
)
