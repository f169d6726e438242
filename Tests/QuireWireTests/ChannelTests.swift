import QuireWire
import XCTest

/// Messages and descriptors cross a channel whole; shared pixels cannot be shrunk under
/// whoever maps them.
final class ChannelTests: XCTestCase {
    func testAMessageAndItsDescriptorsArriveWhole() throws {
        let (a, b) = try Channel.pair()
        let sender = Channel(socket: a), receiver = Channel(socket: b)
        let pixels = try SharedPixels(byteCount: 4096)
        pixels.address.storeBytes(of: 0xFFCC_3333, as: UInt32.self)
        try sender.send([1, 2, 3], passing: [pixels.descriptor])
        let (bytes, descriptors) = try receiver.receive(within: 5)
        XCTAssertEqual(bytes, [1, 2, 3])
        XCTAssertEqual(descriptors.count, 1)
        let mapped = try SharedPixels(mapping: descriptors[0], byteCount: 4096)
        XCTAssertEqual(mapped.address.load(as: UInt32.self), 0xFFCC_3333, "the same memory, not a copy")
    }

    func testTheEndOfTheOtherSideAndSilenceAreTold() throws {
        var (a, b): (Descriptor?, Descriptor) = try Channel.pair()
        let receiver = Channel(socket: b)
        XCTAssertThrowsError(try receiver.receive(within: 0.05)) { XCTAssertEqual($0 as? ChannelError, .timedOut) }
        XCTAssertNotNil(a)
        a = nil // the other end closed
        XCTAssertThrowsError(try receiver.receive(within: 5)) { XCTAssertEqual($0 as? ChannelError, .closed) }
    }

    func testSharedPixelsCannotShrinkAndSmallOnesAreRefused() throws {
        let pixels = try SharedPixels(byteCount: 8192)
        XCTAssertNotEqual(ftruncate(pixels.descriptor.fd, 0), 0, "sealed against shrinking")
        XCTAssertThrowsError(try SharedPixels(mapping: pixels.descriptor.duplicate(), byteCount: 8193), "too small for what is asked")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("plain-\(UUID().uuidString)").path
        FileManager.default.createFile(atPath: path, contents: Data(count: 8192))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let plain = Descriptor(taking: open(path, O_RDWR))
        XCTAssertThrowsError(try SharedPixels(mapping: plain, byteCount: 4096), "a file that can shrink is not shared pixels")
    }
}
