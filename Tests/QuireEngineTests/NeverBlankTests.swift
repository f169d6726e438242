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
    private let a4 = Size(width: 595, height: 842)

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

    /// As the render helpers work: `workers` renders at once, each taking the first tile of
    /// the plan that no other is drawing when it starts (none past the urgent ones while
    /// one of those is drawn, as `RenderWorkers` does), and arriving `framesPerPage`,
    /// `framesPerCell` or `framesPerStandIn` frames later, whatever the plan has become
    /// meanwhile. A frame moves the 1200×900 view over A4 pages a tenth of a screen, at 20
    /// frames a second: quire-bench's run at two screens a second.
    private func blankFramesWithRendersInFlight(zoom: ZoomMode, pages: Int, workers: Int, framesPerPage: Int,
                                                framesPerCell: Int, framesPerStandIn: Int) -> (blank: Int, frames: Int) {
        var model = CanvasModel<Bytes>(pageSizes: Array(repeating: a4, count: 30), zoom: zoom, budget: 1 << 30)
        model.scroll(to: model.resize(to: Size(width: 1200, height: 900)))
        var inFlight: [(key: TileKey, arrives: Int)] = []
        var blank = 0, frames = 0, frame = 0
        let end = model.layout.pageRect(pages).y
        // The view stands still until its first view is complete, as in the benchmark.
        var scrolling = false
        while model.scroll.y < end {
            frame += 1
            for done in inFlight where done.arrives == frame {
                let size = done.key.pixelSize(for: model.layout.pageSizes[done.key.page])
                model.accept(done.key, .success(Bytes(byteCount: size.width * size.height * 4)))
            }
            inFlight.removeAll { $0.arrives <= frame }
            scrolling = scrolling || model.visiblePagesComplete
            if scrolling {
                model.scroll(to: model.clamped(Point(x: model.scroll.x, y: model.scroll.y + 90)))
                frames += 1
                if model.drawList().contains(where: { $0.quality == .blank }) { blank += 1 }
            }
            // `RenderWorkers`: no later tile starts while one on screen (urgent) is drawn.
            let plan = model.plan()
            let urgent = Set(plan.tiles.prefix(plan.urgent))
            for key in plan.tiles where inFlight.count < workers && !inFlight.contains(where: { $0.key == key }) {
                if !urgent.contains(key), inFlight.contains(where: { urgent.contains($0.key) }) { break }
                // A stand-in (a thumbnail) decodes the page's image too, but draws little.
                let size = key.pixelSize(for: model.layout.pageSizes[key.page])
                let standIn = max(size.width, size.height) <= Int(RenderPlanner.lowResSide)
                inFlight.append((key, frame + (standIn ? framesPerStandIn : key.cell == nil ? framesPerPage : framesPerCell)))
            }
        }
        return (blank, frames)
    }

    /// Two helpers at the 300-dpi scan's pace (a page at 100 % 100 ms, a thumbnail 100 ms,
    /// a cell 350 ms, as quire-bench saw Splash draw them): the stand-in of the page to
    /// come is asked for early enough to be drawn before the page enters, though every
    /// helper is busy with the cells on screen when it becomes the first need. Under the
    /// planner that asked for it after the cells, 15 of 251 frames at 400 % were blank.
    func testNoPageEntersTheViewBlankWithRendersInFlight() {
        for percent in [100.0, 400.0, 1600.0] {
            let run = blankFramesWithRendersInFlight(zoom: .percent(percent), pages: percent > 1000 ? 2 : 5, workers: 2, framesPerPage: 2,
                                                     framesPerCell: 7, framesPerStandIn: 2)
            XCTAssertEqual(run.blank, 0, "at \(Int(percent)) %: \(run.blank) of \(run.frames) frames had a blank page")
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
