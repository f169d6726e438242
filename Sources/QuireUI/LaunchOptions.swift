import QuireEngine

/// What the command line asks for. Quire's own options are taken out here; the files are
/// left for GApplication, which hands them to a running instance when there is one.
public struct LaunchOptions: Equatable, Sendable {
    public var snapshotPath: String?
    public var page: Int?              // one-based, as typed
    public var find: String?
    public var sidebar: SidebarView?
    public var zoom: ZoomMode = .fitWidth
    public var rotation: Rotation = .none
    public var arrangement: PageLayout.Arrangement = .single
    public var continuous = true
    public var night = false
    public var windowSize: (width: Int, height: Int)?
    public var files: [String] = []
    public var showHelp = false
    public var showVersion = false
    /// The release, as meson.build's project() says (the install test compares them).
    public static let version = "0.1.0"
    /// `--synctex-forward LINE:COLUMN:FILE.tex`: the place to show in the one document given.
    public var syncTeXForward: SourcePosition?
    /// `--synctex-editor-command`: what Ctrl+click runs, remembered for later launches.
    public var editorCommand: EditorCommand?

    /// The view options given (`--zoom`, `--rotate`, `--layout`, `--no-continuous`): they win
    /// over the preferences even when they name the default.
    private var givenView: Set<String> = []

    /// What the command line says of the view, nil where it says nothing.
    public var view: LaunchView {
        LaunchView(zoom: givenView.contains("--zoom") ? zoom : nil, rotation: givenView.contains("--rotate") ? rotation : nil,
                   arrangement: givenView.contains("--layout") ? arrangement : nil,
                   continuous: givenView.contains("--no-continuous") ? continuous : nil,
                   page: page.map { $0 - 1 }, find: find, sidebar: sidebar, night: night)
    }

    public static let usage = """
        Usage: quire [--page N] [--find TEXT] [--sidebar VIEW] [FILE…]
               quire --version
               quire --synctex-forward LINE:COLUMN:FILE.tex [--synctex-editor-command CMD] FILE.pdf
               quire --snapshot OUT.png [--page N] [--find TEXT] [--sidebar VIEW] [--zoom fit-width|fit-page|fit-ink|PERCENT] [--rotate DEGREES] [--layout L] [--no-continuous] [--night] [--size WxH] [FILE]

        Opens each PDF FILE (a path or URI) in its own window; with no FILE, the bundled guide
        (from a source tree) or an empty window.
          --snapshot OUT.png  open FILE, wait until the visible pages are rendered, save the
                              window as PNG and exit (0 on success, 2 if FILE cannot be opened)
          --page N            start at page N
          --find TEXT         search for TEXT, showing the first match from the start (or from --page)
          --sidebar VIEW      open the sidebar on its outline, thumbnails, annotations or bookmarks view
          --zoom MODE         fit-width (default), fit-page, fit-ink (smart fit: the text
                              column, margins trimmed) or a percentage such as 150
          --rotate DEGREES    turn the pages by 90, 180 or 270 degrees clockwise
          --layout L          single (default), dual (pages 1|2, 3|4…), dual-cover (page 1 alone,
                              then 2|3…), dual-rtl or dual-cover-rtl (spreads right to left)
          --no-continuous     one page (or spread) at a time; Page Down turns it
          --night             night mode: pages in inverted lightness, hues kept (Ctrl+I)
          --size WxH          window size in pixels
          --synctex-forward LINE:COLUMN:FILE.tex
                              show and briefly mark the place of that source line in the one FILE
                              given (its SyncTeX file beside it), in the running Quire if there is one
          --synctex-editor-command CMD
                              what Ctrl+click on a page runs for its SyncTeX source line, such as
                              'gvim --remote +%{line} %{input}' (%{column} too); remembered
          -h, --help          print this and exit
          --version           print Quire's version and exit
        Environment: QUIRE_PASSWORD (password for --snapshot), QUIRE_CACHE_MB (picture cache size),
                     QUIRE_TEXT_CACHE_MB (search text cache size), QUIRE_PRINT_TO_FILE and QUIRE_PRINT_PAGES
                     (Ctrl+P writes that PDF, those pages, without a dialog), QUIRE_PROPERTIES_REPORT (the
                     Properties dialog writes what it shows to that file).
        """

    public static func == (a: Self, b: Self) -> Bool {
        a.snapshotPath == b.snapshotPath && a.page == b.page && a.find == b.find && a.sidebar == b.sidebar && a.zoom == b.zoom && a.rotation == b.rotation && a.arrangement == b.arrangement && a.continuous == b.continuous && a.night == b.night && a.files == b.files
            && a.windowSize?.width == b.windowSize?.width && a.windowSize?.height == b.windowSize?.height
            && a.showHelp == b.showHelp && a.showVersion == b.showVersion && a.syncTeXForward == b.syncTeXForward && a.editorCommand == b.editorCommand
    }

    public struct Invalid: Error, CustomStringConvertible {
        public let description: String
    }

    /// Parses arguments (without the program name).
    public init(arguments: [String]) throws(Invalid) {
        var rest = arguments[...]
        func value(_ option: String) throws(Invalid) -> String {
            guard let next = rest.popFirst() else { throw Invalid(description: "\(option) needs a value") }
            return next
        }
        var onlyFiles = false
        while let argument = rest.popFirst() {
            if onlyFiles || !argument.hasPrefix("-") || argument == "-" {
                files.append(argument)
                continue
            }
            if ["--zoom", "--rotate", "--layout", "--no-continuous"].contains(argument) { givenView.insert(argument) }
            switch argument {
            case "--": onlyFiles = true
            case "-h", "--help": showHelp = true
            case "--version": showVersion = true
            case "--snapshot": snapshotPath = try value(argument)
            case "--find": find = try value(argument)
            case "--sidebar":
                let text = try value(argument)
                guard let view = SidebarView(rawValue: text) else { throw Invalid(description: "--sidebar takes outline, thumbnails, annotations or bookmarks, not “\(text)”") }
                sidebar = view
            case "--page":
                let text = try value(argument)
                guard let number = Int(text), number >= 1 else { throw Invalid(description: "--page needs a page number from 1, not “\(text)”") }
                page = number
            case "--zoom":
                let text = try value(argument)
                guard let mode = ZoomMode(argument: text) else {
                    throw Invalid(description: "--zoom takes fit-width, fit-page, fit-ink or a percentage from 10 to 6400, not “\(text)”")
                }
                zoom = mode
            case "--rotate":
                let text = try value(argument)
                guard let degrees = Int(text), let turn = Rotation(rawValue: degrees) else {
                    throw Invalid(description: "--rotate takes 0, 90, 180 or 270, not “\(text)”")
                }
                rotation = turn
            case "--no-continuous": continuous = false
            case "--night": night = true
            case "--layout":
                let text = try value(argument)
                guard let layout = PageLayout.Arrangement(argument: text) else {
                    throw Invalid(description: "--layout takes single, dual, dual-cover, dual-rtl or dual-cover-rtl, not “\(text)”")
                }
                arrangement = layout
            case "--size":
                let text = try value(argument)
                let parts = text.split(separator: "x").compactMap { Int($0) }
                guard parts.count == 2, parts.allSatisfy({ $0 >= 100 && $0 <= 16384 }) else {
                    throw Invalid(description: "--size takes WIDTHxHEIGHT in pixels, such as 1200x900, not “\(text)”")
                }
                windowSize = (parts[0], parts[1])
            case "--synctex-forward":
                let text = try value(argument)
                do { syncTeXForward = try SourcePosition(argument: text) } catch { throw Invalid(description: error.description) }
            case "--synctex-editor-command":
                let text = try value(argument)
                do { editorCommand = try EditorCommand(text) } catch { throw Invalid(description: error.description) }
            default:
                throw Invalid(description: "unknown option \(argument)")
            }
        }
        if snapshotPath != nil && files.count > 1 {
            throw Invalid(description: "--snapshot takes one file")
        }
        if syncTeXForward != nil && files.count != 1 {
            throw Invalid(description: "--synctex-forward takes one FILE.pdf")
        }
    }
}
