import CCairo
import CRecognizer
import QuireDocument
import QuireEngine
import QuireImage
import QuireSandbox
import QuireWire
#if canImport(Glibc)
import Glibc
#endif

/// A recognizer helper's life: it opens the document as every helper does, takes the
/// languages to read (`RecognitionRequest.start`) and loads Tesseract with them, and only
/// then confines itself (the library and its language data are read before); it says
/// whether it could (`ready` or `unavailable`). Then, one page at a time, it looks whether
/// the page needs it (`Recognition` rule 1: no text, pictures), and if so draws the page
/// grey with Splash at the scale recognition needs (`Recognition.scale`) and answers its
/// words in that picture's pixels: the window checks them (`Recognition.checked`). It runs
/// at idle priority (nice 19, SCHED_IDLE: only on a core nothing else wants): recognition
/// is background work that must never slow a render or the window.
enum RecognitionHelper {
    static func serve(_ channel: Channel, document descriptor: Descriptor, displayPath: String, password: String?,
                      confine: () throws(Sandbox.Failure) -> Void) -> Never {
        func end(_ reason: String) -> Never {
            try? channel.sendWhole(RecognitionReply.unavailable(reason: reason).bytes)
            _exit(0)
        }
        // Before its confinement, which has no call for it; nice 19 where SCHED_IDLE is refused.
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
        runThisThreadAtIdlePriority()
        var recognizer: OpaquePointer?
        var pageSeconds = Recognition.pageSeconds
        let opened = HelperOpening.open(descriptor, password: password) { () throws(Sandbox.Failure) in
            guard let bytes = try? channel.receiveWhole(limit: 16 << 10),
                  case .start(let dataPath, let languages, let seconds)? = try? RecognitionRequest(bytes) else { _exit(0) }
            pageSeconds = seconds
            var error: UnsafePointer<CChar>?
            recognizer = quire_recognizer_open(dataPath, languages, &error)
            if recognizer == nil { end(error.map { String(cString: $0) } ?? "Tesseract could not be loaded") }
            try confine()
        }
        let document: Document
        switch opened {
        case .success(let opened): document = opened
        case .failure(let failure): end(failure.reason)
        }
        guard let recognizer, (try? channel.sendWhole(RecognitionReply.ready.bytes)) != nil else { _exit(0) }
        let splash = SplashPages(descriptor: descriptor.fd, password: password)
        while true {
            guard let bytes = try? channel.receiveWhole(limit: 1 << 10),
                  case .recognize(let id, let page)? = try? RecognitionRequest(bytes) else { _exit(0) }
            let reply = recognize(page: page, id: id, document, splash: splash, recognizer, seconds: pageSeconds)
            guard (try? channel.sendWhole(reply.bytes)) != nil else { _exit(0) }
        }
    }

    private static func recognize(page: Int, id: UInt32, _ document: Document, splash: SplashPages?, _ recognizer: OpaquePointer,
                                  seconds: Double) -> RecognitionReply {
        guard page >= 0, page < document.pageCount else { return .failed(id: id, reason: "there is no page \(page + 1)") }
        let hasText = !document.text(at: page).allSatisfy { $0.isWhitespace || $0.isNewline }
        guard Recognition.recognises(hasText: hasText, isImages: hasText || document.hasLargeImages(page: page)) else { return .notNeeded(id: id) }
        let pageSize = document.pageSize(at: page), scale = Recognition.scale(for: pageSize)
        let picture: PageImage
        do { picture = try document.render(page: page, scale: scale, splash: splash) } catch {
            return .failed(id: id, reason: "\(error)")
        }
        guard let grey = greyPixels(of: picture) else { return .failed(id: id, reason: "the page could not be drawn") }
        let found = Found()
        let count = grey.withUnsafeBufferPointer { pixels in
            quire_recognizer_read(recognizer, pixels.baseAddress, Int32(picture.width), Int32(picture.height), Int32(picture.width),
                                  Int32((scale * 72).rounded()), Int32(seconds * 1000),
                                  { context, text, left, top, right, bottom, confidence, line, block in
                guard let context, let text else { return }
                let found = Unmanaged<Found>.fromOpaque(context).takeUnretainedValue()
                guard found.words.count < Recognition.wordLimit else { return }
                found.words.append(RecognisedWord(text: String(cString: text), box: Rect(x: Double(left), y: Double(top), width: Double(right - left), height: Double(bottom - top)),
                                                  confidence: Double(confidence), beginsLine: line != 0, beginsBlock: block != 0))
            }, Unmanaged.passUnretained(found).toOpaque())
        }
        guard count >= 0 else { return .failed(id: id, reason: "recognition stopped after \(seconds) s or failed") }
        return .words(id: id, scale: scale, pageSize: pageSize, found.words)
    }

    /// The words the callback is handed, one page's.
    private final class Found { var words: [RecognisedWord] = [] }

    /// The picture's pixels as one byte of grey each, rows of its width.
    private static func greyPixels(of picture: PageImage) -> [UInt8]? {
        let surface = picture.surface
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface), cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32 else { return nil }
        let rowBytes = Int(cairo_image_surface_get_stride(surface)), width = picture.width, height = picture.height
        var grey = [UInt8](repeating: 255, count: width * height)
        grey.withUnsafeMutableBufferPointer { out in
            for row in 0..<height {
                let line = UnsafeRawPointer(data + row * rowBytes).assumingMemoryBound(to: UInt32.self)
                for column in 0..<width {
                    let pixel = line[column]
                    let (red, green, blue) = ((pixel >> 16) & 0xFF, (pixel >> 8) & 0xFF, pixel & 0xFF)
                    out[row * width + column] = UInt8((red * 299 + green * 587 + blue * 114) / 1000)
                }
            }
        }
        return grey
    }
}
