import XCTest
@testable import QuireEngine

/// The promise behind the planner's order: scrolling at a steady speed, with renders coming
/// at a steady rate, no page enters the view with nothing to draw. Each frame the view moves
/// a tenth of a screen (two screens a second at 20 frames a second), the frame is checked,
/// and then the first renders of the plan arrive: 0.15 a frame, one every 330 ms, about
/// what a render of a 300-dpi scan costs here (each decodes the page's image, a cell as
/// much as the whole page). Slower still (0.1 a frame), 1,600 % has blank frames: the
/// renders cannot keep up with the cells.
final class NeverBlankTests: XCTestCase {
    private let letter = Size(width: 612, height: 792)

    private func blankFrames(zoom: ZoomMode, pages: Int, rendersPerFrame: Double) -> (blank: Int, frames: Int) {
        var model = CanvasModel<Bytes>(pageSizes: Array(repeating: letter, count: 30), zoom: zoom, budget: 1 << 30)
        model.scroll(to: model.resize(to: Size(width: 800, height: 600)))
        // The first view is complete before scrolling starts, as in the benchmark.
        while !model.visiblePagesComplete { render(&model, count: 1) }
        var blank = 0, frames = 0, credit = 0.0
        let end = model.layout.pageRect(pages).y
        while model.scroll.y < end {
            model.scroll(to: model.clamped(Point(x: model.scroll.x, y: model.scroll.y + 60)))
            frames += 1
            if model.drawList().contains(where: { $0.quality == .blank }) { blank += 1 }
            credit += rendersPerFrame
            let now = Int(credit)
            credit -= Double(now)
            render(&model, count: now)
        }
        return (blank, frames)
    }

    private func render(_ model: inout CanvasModel<Bytes>, count: Int) {
        for key in model.plan().tiles.prefix(count) {
            let size = key.pixelSize(for: model.layout.pageSizes[key.page])
            model.accept(key, .success(Bytes(byteCount: size.width * size.height * 4)))
        }
    }

    func testNoPageEntersTheViewBlankAtOrdinaryZoom() {
        let run = blankFrames(zoom: .percent(100), pages: 12, rendersPerFrame: 0.15)
        XCTAssertEqual(run.blank, 0, "\(run.blank) of \(run.frames) frames had a blank page")
    }

    func testNoPageEntersTheViewBlankAtDeepZoom() {
        for percent in [400.0, 1600.0] {
            let run = blankFrames(zoom: .percent(percent), pages: percent > 1000 ? 2 : 5, rendersPerFrame: 0.15)
            XCTAssertEqual(run.blank, 0, "at \(Int(percent)) %: \(run.blank) of \(run.frames) frames had a blank page")
        }
    }
}
