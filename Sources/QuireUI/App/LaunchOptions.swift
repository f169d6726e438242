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
            guard let next = rest.popFirst() else { throw Invalid(description: tr("{option} needs a value", ["option": option])) }
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
                guard let view = SidebarView(rawValue: text) else { throw Invalid(description: tr("--sidebar takes outline, thumbnails, annotations, bookmarks or signatures, not “{value}”", ["value": text])) }
                sidebar = view
            case "--page":
                let text = try value(argument)
                guard let number = Int(text), number >= 1 else { throw Invalid(description: tr("--page needs a page number from 1, not “{value}”", ["value": text])) }
                page = number
            case "--zoom":
                let text = try value(argument)
                guard let mode = ZoomMode(argument: text) else {
                    throw Invalid(description: tr("--zoom takes fit-width, fit-page, fit-ink or a percentage from 10 to 6400, not “{value}”", ["value": text]))
                }
                zoom = mode
            case "--rotate":
                let text = try value(argument)
                guard let degrees = Int(text), let turn = Rotation(rawValue: degrees) else {
                    throw Invalid(description: tr("--rotate takes 0, 90, 180 or 270, not “{value}”", ["value": text]))
                }
                rotation = turn
            case "--no-continuous": continuous = false
            case "--night": night = true
            case "--layout":
                let text = try value(argument)
                guard let layout = PageLayout.Arrangement(argument: text) else {
                    throw Invalid(description: tr("--layout takes single, dual, dual-cover, dual-rtl or dual-cover-rtl, not “{value}”", ["value": text]))
                }
                arrangement = layout
            case "--size":
                let text = try value(argument)
                let parts = text.split(separator: "x").compactMap { Int($0) }
                guard parts.count == 2, parts.allSatisfy({ $0 >= 100 && $0 <= 16384 }) else {
                    throw Invalid(description: tr("--size takes WIDTHxHEIGHT in pixels, such as 1200x900, not “{value}”", ["value": text]))
                }
                windowSize = (parts[0], parts[1])
            case "--synctex-forward":
                let text = try value(argument)
                do { syncTeXForward = try SourcePosition(argument: text) } catch { throw Invalid(description: error.description) }
            case "--synctex-editor-command":
                let text = try value(argument)
                do { editorCommand = try EditorCommand(text) } catch { throw Invalid(description: error.description) }
            default:
                throw Invalid(description: tr("unknown option {option}", ["option": argument]))
            }
        }
        if snapshotPath != nil && files.count > 1 {
            throw Invalid(description: tr("--snapshot takes one file"))
        }
        if syncTeXForward != nil && files.count != 1 {
            throw Invalid(description: tr("--synctex-forward takes one FILE.pdf"))
        }
    }
}
