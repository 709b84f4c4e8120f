import Foundation
import NIOCore
import NIOPosix

/// `serve`'s HTTP/1.1 on SwiftNIO: one request per connection, its head read by `RequestHead` within its bounds
/// (414 and 431 past them), a head that does not arrive within `headTimeout` dropped, and at most
/// `maxConnections` open at once, so a hostile page can neither pin a thread nor fill the memory.
final class HTTPListener: @unchecked Sendable {
    static let headTimeout = TimeAmount.seconds(10)
    static let maxConnections = 256

    private let group = MultiThreadedEventLoopGroup(numberOfThreads: 2)
    private var channel: Channel?
    private let site: StaticSite
    private let reload: LiveReload
    private let open = ConnectionCount()

    init(site: StaticSite, reload: LiveReload) {
        self.site = site
        self.reload = reload
    }

    /// Listens on 127.0.0.1; returns the port (the kernel's choice for 0).
    func start(port: Int) throws -> UInt16 {
        let site = self.site, reload = self.reload, open = self.open
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.backlog, value: 128)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                guard open.enter() else { return channel.close() }
                channel.closeFuture.whenComplete { _ in open.leave() }
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        IdleStateHandler(readTimeout: Self.headTimeout))
                    try channel.pipeline.syncOperations.addHandler(Connection(site: site, reload: reload))
                }
            }
            .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
        let channel = try bootstrap.bind(host: "127.0.0.1", port: port).wait()
        self.channel = channel
        return UInt16(channel.localAddress?.port ?? 0)
    }

    func stop() {
        try? channel?.close().wait()
        try? group.syncShutdownGracefully()
    }
}

/// Connections open now, at most `HTTPListener.maxConnections`.
private final class ConnectionCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func enter() -> Bool {
        lock.withLock {
            guard count < HTTPListener.maxConnections else { return false }
            count += 1
            return true
        }
    }

    func leave() { lock.withLock { count -= 1 } }
}

/// One connection: the head read as its bytes arrive, one answer, then closed (the event stream stays open
/// until the page goes).
private final class Connection: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    let site: StaticSite
    let reload: LiveReload
    private var received: [UInt8] = []
    private var answered = false
    private var stream: Task<Void, Never>?

    init(site: StaticSite, reload: LiveReload) {
        self.site = site
        self.reload = reload
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !answered else { return }
        var buffer = unwrapInboundIn(data)
        let tail = received.suffix(3)
        guard let bytes = buffer.readBytes(length: buffer.readableBytes) else { return }
        received += bytes
        // Read only once the head can have ended (a blank line arrived) or must be refused (too long): bytes sent
        // one at a time are then scanned once each, not once per arrival.
        let ended = Self.containsBlankLine(Array(tail) + bytes)
        let tooLong =
            received.count > RequestHead.maxLineBytes + RequestHead.maxHeaderBytes + 4
            || (!received.contains(UInt8(ascii: "\n")) && received.count > RequestHead.maxLineBytes)
        guard ended || tooLong else { return }
        switch RequestHead.read(received) {
        case .incomplete:
            if tooLong { finish(context, .text(431, "Request header fields too large\n"), head: false) }
        case .refused(let status, let reason):
            finish(context, .text(status, reason + "\n"), head: false)
        case .head(let head, _):
            answered = true
            received = []
            switch site.answer(head) {
            case .response(let response): finish(context, response, head: head.method == "HEAD")
            case .eventStream: openStream(context)
            }
        }
    }

    static func containsBlankLine(_ bytes: [UInt8]) -> Bool {
        let newline = UInt8(ascii: "\n"), carriage = UInt8(ascii: "\r")
        var index = bytes.startIndex
        while let at = bytes[index...].firstIndex(of: newline) {
            let next = bytes.index(after: at)
            if next < bytes.endIndex, bytes[next] == newline { return true }
            if next < bytes.endIndex, bytes[next] == carriage, bytes.index(after: next) < bytes.endIndex,
                bytes[bytes.index(after: next)] == newline
            {
                return true
            }
            index = next
        }
        return false
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // No whole head within the time: the connection is dropped (an open event stream is not timed).
        if event is IdleStateHandler.IdleStateEvent, !answered { context.close(promise: nil) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        stream?.cancel()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }

    private func finish(_ context: ChannelHandlerContext, _ response: ServeResponse, head: Bool) {
        answered = true
        var text = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\n"
        for (name, value) in response.headers { text += "\(name): \(value)\r\n" }
        text += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
        var buffer = context.channel.allocator.buffer(capacity: text.utf8.count + response.body.count)
        buffer.writeString(text)
        if !head { buffer.writeBytes(response.body) }
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(buffer)).whenComplete { _ in channel.close(promise: nil) }
    }

    private func openStream(_ context: ChannelHandlerContext) {
        let channel = context.channel
        let header =
            "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n"
        channel.writeAndFlush(channel.allocator.buffer(string: header), promise: nil)
        let events = reload.subscribe()
        stream = Task {
            for await event in events {
                guard channel.isActive else { break }
                channel.writeAndFlush(channel.allocator.buffer(bytes: event), promise: nil)
            }
        }
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 301: return "Moved Permanently"
        case 400: return "Bad Request"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 414: return "URI Too Long"
        case 431: return "Request Header Fields Too Large"
        default: return "Status"
        }
    }
}
