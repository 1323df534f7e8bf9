package io.shoaldb.api.net;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.ServerSocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import java.util.function.Supplier;

/**
 * The Netty transport of the MySQL and HTTP ports. Netty's native epoll transport asks less of the kernel per
 * request than NIO (no selected-key set, no wake-up of a loop that is not asleep, readiness read straight from
 * {@code epoll_wait}), which matters when every 1-row INSERT is a round trip. It needs Linux and the native
 * library that ships for x86-64; elsewhere, or with {@code -Dio.netty.transport.noNative=true}, the ports use
 * NIO.
 */
public enum ServerTransport {
    EPOLL(EpollIoHandler::newFactory, EpollServerSocketChannel.class),
    NIO(NioIoHandler::newFactory, NioServerSocketChannel.class);

    private final Supplier<IoHandlerFactory> ioHandlers;
    private final Class<? extends ServerSocketChannel> serverChannel;

    ServerTransport(Supplier<IoHandlerFactory> ioHandlers, Class<? extends ServerSocketChannel> serverChannel) {
        this.ioHandlers = ioHandlers;
        this.serverChannel = serverChannel;
    }

    /** Epoll where its native library loads, else NIO. */
    public static ServerTransport best() {
        return Epoll.isAvailable() ? EPOLL : NIO;
    }

    /** Event loops of this transport; {@code threads} 0 takes Netty's default (twice the cores). */
    public EventLoopGroup newEventLoops(int threads) {
        return new MultiThreadIoEventLoopGroup(threads, ioHandlers.get());
    }

    /** A bootstrap over these loops (from {@link #newEventLoops}) with this transport's listening channel. */
    public ServerBootstrap newBootstrap(EventLoopGroup acceptors, EventLoopGroup workers) {
        return new ServerBootstrap().group(acceptors, workers).channel(serverChannel);
    }
}
