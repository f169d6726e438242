// swift-tools-version:6.0
import PackageDescription

// Layers (see DESIGN.md): UI → Engine, Document, Shim; Document → Engine; Engine → nothing of ours;
// Sandbox → its C part only.
let package = Package(
    name: "Quire",
    products: [
        .executable(name: "quire", targets: ["quire"]),
        .executable(name: "quire-helpers", targets: ["quire-helpers"]),
        .executable(name: "quire-make-guide", targets: ["quire-make-guide"]),
        .executable(name: "quire-bench", targets: ["quire-bench"]),
        .executable(name: "quire-fuzz", targets: ["quire-fuzz"]),
    ],
    targets: [
        .systemLibrary(name: "CGtk", pkgConfig: "gtk4-unix-print", providers: [.apt(["libgtk-4-dev"])]),
        // GNOME's chrome: style that follows the desktop, toasts, status pages, About, Preferences.
        // Its header includes GTK's again: a file importing CGtk imports CAdwaita too, or GTK's
        // names may be found as CAdwaita's and not be visible (depending on the build's order).
        .systemLibrary(name: "CAdwaita", pkgConfig: "libadwaita-1", providers: [.apt(["libadwaita-1-dev"])]),
        .systemLibrary(name: "CPoppler", pkgConfig: "poppler-glib", providers: [.apt(["libpoppler-glib-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CGio", pkgConfig: "gio-2.0", providers: [.apt(["libglib2.0-dev"])]),
        // SyncTeX's parser: only the SyncTeX helper (`SyncTeXHelper`) links it.
        .systemLibrary(name: "CSyncTeX", pkgConfig: "synctex", providers: [.apt(["libsynctex-dev"])]),
        // speech-dispatcher's client library, for Read Aloud (`Speaker`): the service Orca speaks through.
        .systemLibrary(name: "CSpeechd", pkgConfig: "speech-dispatcher", providers: [.apt(["libspeechd-dev"])]),
        // GNOME's HTTP library, for documents from the web: only the fetch process (`QuireWeb`) links it.
        .systemLibrary(name: "CSoup", pkgConfig: "libsoup-3.0", providers: [.apt(["libsoup-3.0-dev"])]),
        .target(name: "CShim", dependencies: ["CGtk"]),
        // Messages with descriptors between processes, and sealed memfds for pixels.
        .target(name: "CChannel"),
        // Tesseract, loaded with dlopen by recognizer helpers only.
        .target(name: "CRecognizer"),
        // The helpers' confinement: libseccomp's filters, Landlock, limits.
        .target(name: "CSandbox", linkerSettings: [.linkedLibrary("seccomp")]),
        // poppler's Splash rasterizer, reached through libpoppler's own classes (Debian's
        // libpoppler-private-dev; pkg-config gives their include directory and the link):
        // the render helpers draw pages of images and pages cairo is too slow for with it
        // (`SplashPages.swift`); the same classes name form fields where poppler-glib's walk
        // never ends (`fields.cpp`) and redraw widgets no AcroForm lists (`standalone_widgets.cpp`,
        // which also reads poppler-glib's PopplerAnnot, hence CPoppler) and write a page's text in
        // reading order where poppler-glib's whole-page selection loses lines (`page_text.cpp`). zlib inflates its
        // images' FlateDecode streams in under half the time of poppler's own decoder
        // (`inflating_output.hpp`; Debian's zlib1g-dev, which GLib's headers need anyway).
        .systemLibrary(name: "CPopplerCore", pkgConfig: "poppler", providers: [.apt(["libpoppler-private-dev"])]),
        // NSS: a signer's certificate checked against the reader's certificate database (`signatures.cpp`).
        .systemLibrary(name: "CNSS", pkgConfig: "nss", providers: [.apt(["libnss3-dev"])]),
        // Optimised in debug builds too: its pixel loops (streamed_image.cpp) at -O0 made a
        // test's 300-dpi pages take seconds each.
        .target(name: "CSplash", dependencies: ["CPopplerCore", "CPoppler", "CNSS"],
                cxxSettings: [.unsafeFlags(["-O2"], .when(configuration: .debug))], linkerSettings: [.linkedLibrary("z")]),

        // glibc's gettext, for the messages' translations (`Translation.swift`): libc, not a library of ours.
        .systemLibrary(name: "CGettext"),
        // zlib (zlib1g-dev, already needed by GLib's headers and CSplash): the text store's
        // entries are compressed and checksummed with it (`TextStoreFormat`).
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        // PCRE2 (libpcre2-dev; GLib's own dependency, so already on every machine with GTK):
        // regular expressions in Find whose work per page is bounded (match and depth limits),
        // which neither Swift's Regex nor NSRegularExpression can be (`RegexPattern`).
        .systemLibrary(name: "CPcre2", pkgConfig: "libpcre2-16", providers: [.apt(["libpcre2-dev"])]),
        .target(name: "QuireEngine", dependencies: ["CGettext", "CZlib", "CPcre2"]),
        // A rendered picture: a cairo image surface, over its own pixels or shared memory.
        .target(name: "QuireImage", dependencies: ["QuireEngine", "CCairo"]),
        .target(name: "QuireDocument", dependencies: ["QuireEngine", "QuireImage", "CPoppler", "CCairo", "CSplash"],
                linkerSettings: [.linkedLibrary("gio-2.0")]),
        // What the window and its helper processes say to each other, and how.
        .target(name: "QuireWire", dependencies: ["QuireEngine", "CChannel"]),
        // Helper side: the zygote and the helpers, the only processes that open documents.
        .target(name: "QuireHelper", dependencies: ["QuireDocument", "QuireWire", "QuireImage", "QuireEngine", "QuireSandbox", "CCairo", "CSyncTeX", "CRecognizer"]),
        // Window side: the helpers as the engine's ports (no poppler here).
        .target(name: "QuireRemote", dependencies: ["QuireEngine", "QuireImage", "QuireWire", "CGio"]),
        .target(name: "PDFWriter", dependencies: ["CCairo"]),
        // What a helper process does to itself before it reads a document: no poppler, no GTK.
        .target(name: "QuireSandbox", dependencies: ["CSandbox"]),
        // The web fetch process: downloads a document into the cache, confined but for the network.
        .target(name: "QuireWeb", dependencies: ["QuireEngine", "QuireSandbox", "CSoup"]),
        .target(name: "QuireUI", dependencies: ["QuireEngine", "QuireImage", "QuireRemote", "CShim", "CGtk", "CAdwaita", "CSpeechd"]),

        // The window: GTK and the helpers' ports; never poppler, NSS or libsoup (not even loaded).
        .executableTarget(name: "quire", dependencies: ["QuireUI", "QuireRemote", "QuireWire", "QuireEngine"]),
        // What the window starts: the zygote (which forks the helpers) and the web fetch process.
        .executableTarget(name: "quire-helpers", dependencies: ["QuireHelper", "QuireWeb", "QuireWire", "QuireEngine"]),
        .executableTarget(name: "quire-make-guide", dependencies: ["PDFWriter"]),
        .executableTarget(name: "quire-bench", dependencies: ["QuireEngine", "QuireDocument", "QuireImage", "QuireHelper", "QuireRemote"]),
        // The fuzzer splices the robustness suite's hostile classes (Tests/Fixtures) into its seeds.
        .executableTarget(name: "quire-fuzz", dependencies: ["QuireEngine", "QuireDocument", "QuireProbe", "Fixtures"]),
        // Opens a document, confines itself, renders and tries what the sandbox forbids: for the sandbox tests.
        .executableTarget(name: "quire-sandbox-probe", dependencies: ["QuireSandbox", "QuireDocument", "QuireWire", "CCairo"]),
        // A document's pages through the engine without GTK: the fuzzer's child and the robustness tests.
        .target(name: "QuireProbe", dependencies: ["QuireEngine", "QuireDocument"]),

        // Test fixtures made with PDFWriter; not part of any product.
        .target(name: "Fixtures", dependencies: ["PDFWriter"], path: "Tests/Fixtures"),
        .testTarget(name: "QuireEngineTests", dependencies: ["QuireEngine", "CZlib"]),
        .testTarget(name: "QuireWireTests", dependencies: ["QuireWire", "QuireRemote", "QuireEngine"]),
        .testTarget(name: "QuireDocumentTests", dependencies: ["QuireDocument", "QuireEngine", "QuireRemote", "QuireImage", "QuireProbe", "Fixtures", "PDFWriter"]),
        .testTarget(name: "QuireSandboxTests", dependencies: ["QuireSandbox"]),
        // The window's side of the helpers against real ones, from a zygote the tests fork.
        .testTarget(name: "QuireRemoteTests", dependencies: ["QuireRemote", "QuireHelper", "QuireDocument", "QuireEngine", "QuireImage", "Fixtures"]),
        .testTarget(name: "QuireWindowTests", dependencies: ["QuireDocument", "QuireEngine", "QuireImage", "QuireUI", "QuireSandbox", "Fixtures", "CCairo"]),
    ],
    swiftLanguageModes: [.v6]
)
