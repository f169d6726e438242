import QuireEngine
import XCTest

final class EditorCommandTests: XCTestCase {
    func testWordsSplitAtBlanksAndPlaceholdersAreReplacedInEachWord() throws {
        let command = try EditorCommand("gvim --remote-silent +%{line} %{input}")
        XCTAssertEqual(command.arguments(input: "/home/a/thesis.tex", line: 12, column: nil),
                       ["gvim", "--remote-silent", "+12", "/home/a/thesis.tex"])
    }

    func testAnInputWithBlanksQuotesAndShellCharactersStaysOneArgument() throws {
        let command = try EditorCommand("code --goto %{input}:%{line}:%{column}")
        let input = "/home/a/my thesis/it's $(rm -rf ~); \"x\".tex"
        XCTAssertEqual(command.arguments(input: input, line: 3, column: 7), ["code", "--goto", input + ":3:7"])
    }

    func testQuotesAndBackslashesAreReadAsAShellReadsThemWithoutExpanding() throws {
        let command = try EditorCommand(#"'/opt/my editor/bin/edit' "--title=\"Quire\" \$HOME \n" a\ b $HOME;x"#)
        XCTAssertEqual(command.words, ["/opt/my editor/bin/edit", #"--title="Quire" $HOME \n"#, "a b", "$HOME;x"])
    }

    func testAnUnknownColumnIsZeroAndUnknownPlaceholdersStay() throws {
        let command = try EditorCommand("ed %{column} %{col} %{line")
        XCTAssertEqual(command.arguments(input: "a.tex", line: 1, column: nil), ["ed", "0", "%{col}", "%{line"])
        XCTAssertEqual(command.arguments(input: "a.tex", line: 1, column: -1), ["ed", "0", "%{col}", "%{line"])
    }

    func testEmptyWordsAreKeptOnlyWhenQuoted() throws {
        XCTAssertEqual(try EditorCommand("ed  ''  x ").words, ["ed", "", "x"])
    }

    func testBrokenTemplatesAreRefused() {
        for template in ["", "   ", "gvim 'unclosed", "gvim \"unclosed", "gvim trailing\\", "'' %{input}"] {
            XCTAssertThrowsError(try EditorCommand(template), template)
        }
    }
}
