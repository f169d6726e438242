import CSyncTeX
import QuireEngine
import QuireSandbox
import QuireWire
#if canImport(Glibc)
import Glibc
#endif

/// A SyncTeX helper's life: libsynctex, on the SyncTeX file beside a PDF, as untrusted
/// as the PDF. It opens the file by name (`doc.synctex`, else `doc.synctex.gz`, as libsynctex
/// finds it beside `pdfPath`) inside the zygote's confinement, which reads but never writes;
/// confines itself as every helper does; only then parses it, and says whether it could
/// (`SyncTeXReply.ready`). Then it answers one question at a time until the window closes
/// the channel. What it answers is raw: the window checks it (`SyncTeXPlaces`).
enum SyncTeXHelper {
    static func serve(_ channel: Channel, pdfPath: String, confine: () throws(Sandbox.Failure) -> Void) -> Never {
        func end(_ reason: String) -> Never {
            try? channel.sendWhole(SyncTeXReply.unavailable(reason: reason).bytes)
            _exit(0)
        }
        let names = SyncTeXPlaces.fileNames(forPDF: pdfPath)
        // Opened, not read: parse 0.
        guard pdfPath.hasPrefix("/"), let opened = synctex_scanner_new_with_output_file(pdfPath, nil, 0) else {
            end("There is no SyncTeX file beside this document (\(names.joined(separator: " or "))): run LaTeX with -synctex=1.")
        }
        do { try confine() } catch { end("The SyncTeX file cannot be read safely: its helper could not be confined (\(error)).") }
        guard let scanner = synctex_scanner_parse(opened) else {
            end("The SyncTeX file beside this document (\(names.joined(separator: " or "))) is damaged or incomplete.")
        }
        guard (try? channel.sendWhole(SyncTeXReply.ready.bytes)) != nil else { _exit(0) }
        while true {
            guard let bytes = try? channel.receiveWhole(limit: 64 << 10), let request = try? SyncTeXRequest(bytes) else { _exit(0) }
            guard (try? channel.sendWhole(answer(request, scanner).bytes)) != nil else { _exit(0) }
        }
    }

    private static func answer(_ request: SyncTeXRequest, _ scanner: synctex_scanner_p) -> SyncTeXReply {
        switch request {
        case .forward(let inputs, let line, let column, let page):
            guard let input = inputs.first(where: { synctex_scanner_get_tag(scanner, $0) > 0 }),
                  let line = Int32(exactly: line), let column = Int32(exactly: column), let page = Int32(exactly: page + 1),
                  synctex_display_query(scanner, input, line, column, page) > 0 else { return .boxes([]) }
            var boxes: [SyncTeXPlaces.Box] = []
            while boxes.count < SyncTeXReply.boxLimit, let node = synctex_scanner_next_result(scanner) {
                boxes.append(SyncTeXPlaces.Box(page: Int(synctex_node_page(node)) - 1, x: Double(synctex_node_box_visible_h(node)),
                                               baseline: Double(synctex_node_box_visible_v(node)),
                                               width: Double(synctex_node_box_visible_width(node)),
                                               height: Double(synctex_node_box_visible_height(node)),
                                               depth: Double(synctex_node_box_visible_depth(node))))
            }
            return .boxes(boxes)
        case .inverse(let page, let point):
            guard let page = Int32(exactly: page + 1), point.x.isFinite, point.y.isFinite,
                  synctex_edit_query(scanner, page, Float(point.x), Float(point.y)) > 0 else { return .sources([]) }
            var sources: [SyncTeXPlaces.Source] = []
            while sources.count < SyncTeXReply.sourceLimit, let node = synctex_scanner_next_result(scanner) {
                guard let name = synctex_scanner_get_name(scanner, synctex_node_tag(node)) else { continue }
                sources.append(SyncTeXPlaces.Source(input: String(cString: name), line: Int(synctex_node_line(node)),
                                                    column: Int(synctex_node_column(node))))
            }
            return .sources(sources)
        }
    }
}
