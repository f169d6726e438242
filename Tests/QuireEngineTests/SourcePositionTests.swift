import QuireEngine
import XCTest

final class SourcePositionTests: XCTestCase {
    func testLineColumnAndAFileWithColons() throws {
        XCTAssertEqual(try SourcePosition(argument: "12:0:chapter.tex"), SourcePosition(line: 12, column: 0, input: "chapter.tex"))
        XCTAssertEqual(try SourcePosition(argument: "3:-1:/a/b:c.tex"), SourcePosition(line: 3, column: -1, input: "/a/b:c.tex"))
    }

    func testARelativeFileIsMadeAbsoluteFromTheCallersFolder() throws {
        XCTAssertEqual(try SourcePosition(argument: "3:0:ch/a.tex").resolved(from: "/work").input, "/work/ch/a.tex")
        XCTAssertEqual(try SourcePosition(argument: "3:0:/x/a.tex").resolved(from: "/work").input, "/x/a.tex")
    }

    func testBadPositionsAreRefused() {
        for argument in ["", "12", "12:0", "0:0:a.tex", "-3:0:a.tex", "x:0:a.tex", "12:x:a.tex", "12:0:", "12:-2:a.tex", "99999999999:0:a.tex"] {
            XCTAssertThrowsError(try SourcePosition(argument: argument), argument)
        }
    }
}
