import XCTest
@testable import QuireEngine

/// How the preferences, the command line and a document's remembered view combine.
final class PreferencesTests: XCTestCase {
    private let remembered = DocumentState(place: ViewPlace(page: 7, fraction: 0.3), zoom: .percent(150),
                                           arrangement: .dual(oddLeft: false, rightToLeft: false), continuous: false,
                                           rotation: .quarter, sidebarOpen: true, sidebarView: .outline)
    private var fitPageInSpreads: Preferences {
        var preferences = Preferences()
        preferences.zoom = .fitPage
        preferences.arrangement = .dual(oddLeft: true, rightToLeft: false)
        preferences.continuous = false
        return preferences
    }

    func testPreferencesRenewedInAnEmptyWindowHoldForItsNextDocumentAndSpentOptionsStaySpent() {
        var start = ViewStart(Preferences().start(LaunchView(page: 2, find: "fox")))
        start.renew(fitPageInSpreads.start(LaunchView(page: 2, find: "fox")))
        let first = start.plan(remembered: nil, kept: nil)
        XCTAssertEqual(first.zoom, .fitPage)
        XCTAssertEqual(first.page, 2, "not yet spent: the window had shown nothing")
        start.renew(Preferences().start(LaunchView(page: 2, find: "fox")))
        let next = start.plan(remembered: nil, kept: nil)
        XCTAssertEqual(next.zoom, .fitWidth)
        XCTAssertNil(next.page)
        XCTAssertNil(next.search)
    }

    /// Rule 6: a printout has the reader's markups and changes, or with annotations off only
    /// the form fields' values; the choice is stored, and on by default.
    func testAPrintoutHasTheReadersAnnotationsUnlessTheyAreTurnedOff() {
        var edits = AnnotationEdits()
        edits.add(page: 0, kind: .highlight, colour: .blue, areas: [Rect(x: 1, y: 2, width: 3, height: 4)], text: "", author: "", created: 0)
        edits.setFields([FieldValue(id: 7, value: .text("Ada"))])
        edits.removeFromFile(FileAnnotation.Ref(page: 0, index: 2))
        let all = Preferences().printed(edits)
        XCTAssertEqual(all, PrintContent(markups: edits.markups, changes: edits.documentChanges, annotations: true))
        var off = Preferences()
        off.printsAnnotations = false
        XCTAssertEqual(off.printed(edits), PrintContent(changes: DocumentChanges(fields: [FieldValue(id: 7, value: .text("Ada"))]), annotations: false))
        XCTAssertTrue(Preferences.Stored().printAnnotations)
        XCTAssertFalse(Preferences(off.stored).printsAnnotations)
    }

    func testADocumentNeverSeenStartsAsThePreferencesSay() {
        var start = ViewStart(fitPageInSpreads.start(LaunchView()))
        let plan = start.plan(remembered: nil, kept: nil)
        XCTAssertEqual(plan.zoom, .fitPage)
        XCTAssertEqual(plan.arrangement, .dual(oddLeft: true, rightToLeft: false))
        XCTAssertEqual(plan.continuous, false)
        XCTAssertEqual(plan.rotation, .none)
    }

    func testTheCommandLineWinsWhereItSpeaksAndThePreferencesFillTheRest() {
        let options = fitPageInSpreads.start(LaunchView(zoom: .fitWidth, rotation: .half))
        XCTAssertEqual(options.zoom, .fitWidth, "--zoom fit-width names the default, and still wins")
        XCTAssertEqual(options.rotation, .half)
        XCTAssertEqual(options.arrangement, .dual(oddLeft: true, rightToLeft: false), "unsaid: the preference")
        XCTAssertEqual(options.continuous, false)
        XCTAssertFalse(options.restoresRemembered, "the command line chose the view")
    }

    func testTheCommandLinesViewHoldsForLaterDocumentsWithoutARememberedView() {
        var start = ViewStart(fitPageInSpreads.start(LaunchView(zoom: .percent(200))))
        XCTAssertEqual(start.plan(remembered: remembered, kept: nil).zoom, .percent(200))
        XCTAssertEqual(start.plan(remembered: nil, kept: nil).zoom, .percent(200), "not the preference")
    }

    func testARememberedViewWinsOverThePreferences() {
        var start = ViewStart(fitPageInSpreads.start(LaunchView()))
        let plan = start.plan(remembered: remembered, kept: nil)
        XCTAssertEqual(plan.zoom, .percent(150))
        XCTAssertEqual(plan.place, ViewPlace(page: 7, fraction: 0.3))
    }

    func testWithoutReopeningNoDocumentStartsWhereItWasLeft() {
        var preferences = fitPageInSpreads
        preferences.reopensWhereLeft = false
        var night = remembered
        night.night = true
        var start = ViewStart(preferences.start(LaunchView()))
        for _ in 0..<2 {
            let plan = start.plan(remembered: night, kept: nil)
            XCTAssertEqual(plan.zoom, .fitPage)
            XCTAssertNil(plan.place)
            XCTAssertNil(plan.sidebar)
            XCTAssertNil(plan.night, "the window's mode, not the remembered one")
        }
    }

    func testAReloadKeepsItsViewEvenWithoutReopening() {
        var preferences = fitPageInSpreads
        preferences.reopensWhereLeft = false
        var start = ViewStart(preferences.start(LaunchView()))
        _ = start.plan(remembered: nil, kept: nil)
        XCTAssertEqual(start.plan(remembered: nil, kept: .init(state: remembered, search: nil, match: nil)).zoom, .percent(150))
    }

    func testNightByDefaultStartsWindowsAtNightButARememberedDayWins() {
        var preferences = Preferences()
        preferences.night = true
        XCTAssertTrue(preferences.startsNight(LaunchView()))
        XCTAssertTrue(Preferences().startsNight(LaunchView(night: true)))
        XCTAssertFalse(Preferences().startsNight(LaunchView()))
        var start = ViewStart(preferences.start(LaunchView()))
        XCTAssertEqual(start.plan(remembered: remembered, kept: nil).night, false)
    }

    func testTheEnvironmentsCacheSizeWinsThenThePreferenceThenTheMachinesShare() {
        let machine = Configuration(reading: { _ in nil }, physicalMemory: 24 << 30, processors: 2)
        let environment = Configuration(reading: { $0 == "QUIRE_CACHE_MB" ? "200" : nil }, physicalMemory: 24 << 30, processors: 2)
        var preferences = Preferences()
        XCTAssertEqual(preferences.pictureCacheBytes(machine), 64 << 20)
        preferences.cacheMiB = 256
        XCTAssertEqual(preferences.pictureCacheBytes(machine), 256 << 20)
        XCTAssertEqual(preferences.pictureCacheBytes(environment), 200 << 20)
    }

    func testStoredValuesRoundTripAndNonsenseKeepsTheDefaults() {
        var preferences = fitPageInSpreads
        preferences.zoom = .percent(125)
        preferences.night = true
        preferences.reopensWhereLeft = false
        preferences.cacheMiB = 128
        XCTAssertEqual(Preferences(preferences.stored), preferences)
        XCTAssertEqual(preferences.stored.zoom, "125")
        XCTAssertEqual(preferences.stored.layout, "dual")

        var nonsense = Preferences.Stored()
        nonsense.zoom = "huge"
        nonsense.layout = "triple"
        nonsense.cacheMiB = 3
        XCTAssertEqual(Preferences(nonsense), Preferences())
    }

    func testTheVoiceRateRoundTripsAndIsBroughtIntoRange() {
        var preferences = Preferences()
        preferences.voiceRate = -25
        XCTAssertEqual(Preferences(preferences.stored).voiceRate, -25)
        var stored = Preferences.Stored()
        stored.voiceRate = 400
        XCTAssertEqual(Preferences(stored).voiceRate, 100)
    }

    func testTheTextStoreSizeRoundTripsAndOffIsKept() {
        var preferences = Preferences()
        XCTAssertEqual(preferences.textStoreMiB, 256)
        preferences.textStoreMiB = 0
        XCTAssertEqual(Preferences(preferences.stored).textStoreMiB, 0, "Off stays off")
        var stored = Preferences.Stored()
        stored.textStoreMiB = -5
        XCTAssertEqual(Preferences(stored).textStoreMiB, 256, "out of range: the default")
    }

    func testRecognitionLanguagesAreTesseractNamesEachOnceAndBounded() {
        var stored = Preferences.Stored()
        stored.recognitionLanguages = ["deu", "rus", "deu", "chi_sim", "../../etc", "", "DEU", "x", String(repeating: "a", count: 100)]
            + ["fra", "ita", "spa", "por", "nld", "pol", "ces"]
        let read = Preferences(stored).recognitionLanguages
        XCTAssertEqual(read, ["deu", "rus", "chi_sim", "fra", "ita", "spa", "por", "nld"], "names only, each once, at most eight")
        var preferences = Preferences()
        preferences.recognitionLanguages = ["rus"]
        XCTAssertEqual(Preferences(preferences.stored).recognitionLanguages, ["rus"])
        XCTAssertEqual(RecognitionLanguages.chosen(documentLanguage: "ru", locale: "de_DE.UTF-8", added: read, installed: ["eng", "rus", "deu"]),
                       "rus+eng+deu", "the document's language first, then English, then those added that are installed")
        XCTAssertEqual(RecognitionLanguages.name(of: "rus"), "Русский")
        XCTAssertEqual(RecognitionLanguages.name(of: "xyz"), "xyz")
    }

    func testTheEditorCommandMovesFromItsOldFileIntoThePreferenceOnce() {
        let fromFile = Preferences.editorCommand(stored: nil, legacy: { "gvim %{input}" })
        XCTAssertEqual(fromFile.command, "gvim %{input}")
        XCTAssertEqual(fromFile.migrate, "gvim %{input}")
        let set = Preferences.editorCommand(stored: "emacsclient %{input}", legacy: { XCTFail("the file is not read once set"); return nil })
        XCTAssertEqual(set.command, "emacsclient %{input}")
        XCTAssertNil(set.migrate)
        let cleared = Preferences.editorCommand(stored: "", legacy: { "gvim %{input}" })
        XCTAssertNil(cleared.command, "cleared in the preferences: the old file no longer counts")
        XCTAssertNil(Preferences.editorCommand(stored: nil, legacy: { nil }).command)
    }

    func testZoomAndLayoutNamesReadBack() {
        for zoom in Preferences.zoomChoices + [.percent(87.5)] { XCTAssertEqual(ZoomMode(argument: zoom.argument), zoom) }
        for (name, arrangement) in PageLayout.Arrangement.arguments {
            XCTAssertEqual(PageLayout.Arrangement(argument: name), arrangement)
            XCTAssertEqual(arrangement.argument, name)
        }
    }
}
