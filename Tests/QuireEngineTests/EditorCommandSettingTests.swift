import Foundation
import QuireEngine
import XCTest

final class EditorCommandSettingTests: XCTestCase {
    /// The folders the test made, removed after it.
    private var made: [String] = []
    override func tearDown() { made.forEach { try? FileManager.default.removeItem(atPath: $0) } }

    private func folder() -> String {
        let parent = NSTemporaryDirectory() + "quire-config-\(UUID().uuidString)"
        made.append(parent)
        return parent + "/quire"
    }

    func testTheLastCommandGivenIsRememberedInAPrivateFolder() throws {
        let setting = EditorCommandSetting(directory: folder())
        XCTAssertNil(try setting.read())
        try setting.write("gvim +%{line} %{input}")
        try setting.write("emacsclient +%{line}:%{column} %{input}")
        XCTAssertEqual(try EditorCommandSetting(directory: setting.directory).read(), "emacsclient +%{line}:%{column} %{input}")
        var facts = stat()
        XCTAssertEqual(stat(setting.directory, &facts), 0)
        XCTAssertEqual(facts.st_mode & 0o777, 0o700)
    }

    func testACommandInAFolderOthersCanWriteIsNotRun() throws {
        let setting = EditorCommandSetting(directory: folder())
        try setting.write("gvim %{input}")
        chmod(setting.directory, 0o777)
        XCTAssertThrowsError(try setting.read())
    }

    func testTheFolderFollowsXDGConfigHome() {
        XCTAssertEqual(EditorCommandSetting.defaultDirectory(environment: ["XDG_CONFIG_HOME": "/c", "HOME": "/h"]), "/c/quire")
        XCTAssertEqual(EditorCommandSetting.defaultDirectory(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/h"]), "/h/.config/quire")
    }
}
