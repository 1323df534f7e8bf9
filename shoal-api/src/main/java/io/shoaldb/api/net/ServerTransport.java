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
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringServerSocketChannel;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The Netty transport of the MySQL and HTTP ports, the best this system offers. io_uring first: an event loop
 * queues the reads and writes of every connection it serves and submits them in one system call per turn, where
 * epoll costs a {@code read}, a {@code write} and a share of an {@code epoll_wait} per request - and a 1-row
 * INSERT is a round trip or two. Then Netty's native epoll transport (no selected-key set, no wake-up of a loop
 * that is not asleep), then NIO. The native transports need Linux and the libraries that ship for x86-64, and
 * io_uring a kernel that allows it (5.14 or later, not disabled by {@code kernel.io_uring_disabled} or a seccomp
 * profile): each is taken only where Netty finds it working. {@code -Dshoal.net.transport=io_uring|epoll|nio}
 * asks for one (the next best where it is missing), for comparison or to avoid a kernel's io_uring;
 * {@code -Dio.netty.transport.noNative=true} leaves only NIO.
 */
public enum ServerTransport {
    IO_URING(IoUring::isAvailable, IoUringIoHandler::newFactory, IoUringServerSocketChannel.class),
    EPOLL(Epoll::isAvailable, EpollIoHandler::newFactory, EpollServerSocketChannel.class),
    NIO(() -> true, NioIoHandler::newFactory, NioServerSocketChannel.class);

    /** The system property that asks for a transport. */
    public static final String PROPERTY = "shoal.net.transport";

    private final BooleanSupplier available;
    private final Supplier<IoHandlerFactory> ioHandlers;
    private final Class<? extends ServerSocketChannel> serverChannel;

    ServerTransport(BooleanSupplier available, Supplier<IoHandlerFactory> ioHandlers,
                    Class<? extends ServerSocketChannel> serverChannel) {
        this.available = available;
        this.ioHandlers = ioHandlers;
        this.serverChannel = serverChannel;
    }

    /** The transport {@value #PROPERTY} asks for (by default the first of all), or the next best available. */
    public static ServerTransport best() {
        return firstAvailableFrom(requested(System.getProperty(PROPERTY, "")));
    }

    /**
     * The transport a {@value #PROPERTY} value names; "" or "auto" the first.
     *
     * @throws IllegalArgumentException for any other value, so that a typing error stops the server at start
     */
    static ServerTransport requested(String value) {
        String name = value.trim().toLowerCase(Locale.ROOT);
        if (name.isEmpty() || name.equals("auto")) {
            return values()[0];
        }
        for (ServerTransport t : values()) {
            if (t.name().toLowerCase(Locale.ROOT).equals(name)) {
                return t;
            }
        }
        throw new IllegalArgumentException(PROPERTY + " must be auto, io_uring, epoll or nio, not '" + value + "'");
    }

    /** {@code wanted} if it works here, else the next one down that does (NIO always does). */
    static ServerTransport firstAvailableFrom(ServerTransport wanted) {
        for (int i = wanted.ordinal(); ; i++) {
            if (values()[i].isAvailable()) {
                return values()[i];
            }
        }
    }

    /** Whether this transport works on this system (its native library loads, the kernel allows it). */
    public boolean isAvailable() {
        return available.getAsBoolean();
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
