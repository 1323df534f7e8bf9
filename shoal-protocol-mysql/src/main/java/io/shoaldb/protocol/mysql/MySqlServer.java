package io.shoaldb.protocol.mysql;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.shoaldb.api.SessionFactory;
import io.shoaldb.api.net.ServerTransport;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.protocol.mysql.auth.AuthSettings;
import io.shoaldb.protocol.mysql.auth.Login;
import io.shoaldb.protocol.mysql.auth.RsaPasswordCipher;
import io.shoaldb.protocol.mysql.auth.Sha2PasswordCache;
import io.shoaldb.protocol.mysql.codec.PacketDecoder;
import io.shoaldb.protocol.mysql.codec.TlsUpgrade;
import io.shoaldb.protocol.mysql.result.ServerPackets;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import javax.net.ssl.SSLSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A MySQL protocol server: accepts clients, authenticates them and serves each through a Session from the
 * given factory. Netty's event loops only move bytes; every Session call runs on a virtual thread.
 */
public final class MySqlServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(MySqlServer.class);
    private static final long CLOSE_WAIT_SECONDS = 10;

    private final SessionFactory sessions;
    private final MySqlServerOptions options;
    private final AuthSettings auth;
    private final ServerTransport transport = ServerTransport.best();
    private final AtomicLong nextConnectionId = new AtomicLong(1);
    private final AtomicInteger openConnections = new AtomicInteger();
    private final AtomicBoolean started = new AtomicBoolean();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Object drained = new Object();
    private EventLoopGroup acceptors;
    private EventLoopGroup workers;
    private ChannelGroup channels;
    private Channel serverChannel;

    public MySqlServer(SessionFactory sessions, MySqlServerOptions options) {
        this.sessions = Objects.requireNonNull(sessions, "sessions");
        this.options = Objects.requireNonNull(options, "options");
        this.auth = new AuthSettings(sessions.authenticator(), options.defaultAuthPlugin(), new Sha2PasswordCache(),
                options.rsaKeys() == null ? null : new RsaPasswordCipher(options.rsaKeys()), options.tls() != null,
                options.requireSecureTransport());
    }

    /**
     * Binds and starts accepting.
     *
     * @throws IllegalStateException if already started or closed
     * @throws UncheckedIOException if the address cannot be bound (e.g. the port is taken)
     */
    public void start() {
        if (closed.get() || !started.compareAndSet(false, true)) {
            throw new IllegalStateException("MySqlServer can be started once");
        }
        acceptors = transport.newEventLoops(1);
        workers = transport.newEventLoops(0);
        channels = new DefaultChannelGroup("mysql-clients", GlobalEventExecutor.INSTANCE);
        ServerBootstrap bootstrap = transport.newBootstrap(acceptors, workers)
                .option(ChannelOption.SO_BACKLOG, 1024)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        channels.add(channel);
                        if (options.tls() != null) {
                            channel.pipeline().addLast("tls-upgrade", new TlsUpgrade(options.tls()));
                        }
                        channel.pipeline()
                                .addLast("packets", new PacketDecoder(options.maxAllowedPacket()))
                                .addLast("connection", new ConnectionHandler(MySqlServer.this));
                    }
                });
        try {
            serverChannel = bootstrap.bind(options.bindAddress(), options.port()).syncUninterruptibly().channel();
        } catch (Exception e) {
            shutdownEventLoops();
            String where = options.bindAddress() + ":" + options.port();
            if (e instanceof BindException) {
                throw new UncheckedIOException("Cannot listen for MySQL clients on " + where
                        + ": the address is in use or not available", (BindException) e);
            }
            throw new IllegalStateException("Cannot listen for MySQL clients on " + where + ": " + e, e);
        }
        LOG.info("MySQL protocol listening on {} ({})", serverChannel.localAddress(), transport);
    }

    /** The port actually bound (useful when the options asked for port 0). */
    public int port() {
        if (serverChannel == null) {
            throw new IllegalStateException("MySqlServer is not started");
        }
        return ((InetSocketAddress) serverChannel.localAddress()).getPort();
    }

    /** caching_sha2_password's cache of verified passwords (tests look into it). */
    public Sha2PasswordCache passwordCache() {
        return auth.cache();
    }

    /** Connections currently open (authenticating or logged in). */
    public int openConnections() {
        return openConnections.get();
    }

    /**
     * Stops accepting, closes every connection (and so its session), waits for the sessions to be closed and
     * releases the threads. Safe to call more than once.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true) || serverChannel == null) {
            return;
        }
        serverChannel.close().awaitUninterruptibly();
        channels.close().awaitUninterruptibly();
        awaitConnectionsClosed();
        shutdownEventLoops();
        LOG.info("MySQL protocol server stopped");
    }

    private void awaitConnectionsClosed() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(CLOSE_WAIT_SECONDS);
        synchronized (drained) {
            while (openConnections.get() > 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    LOG.warn("{} MySQL connections still closing after {} s", openConnections.get(),
                            CLOSE_WAIT_SECONDS);
                    return;
                }
                try {
                    TimeUnit.NANOSECONDS.timedWait(drained, left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private void shutdownEventLoops() {
        CountDownLatch done = new CountDownLatch(2);
        for (EventLoopGroup group : new EventLoopGroup[] {acceptors, workers}) {
            group.shutdownGracefully(0, 2, TimeUnit.SECONDS).addListener(f -> done.countDown());
        }
        try {
            done.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    boolean acquireConnectionSlot() {
        while (true) {
            int open = openConnections.get();
            if (open >= options.maxConnections() || closed.get()) {
                return false;
            }
            if (openConnections.compareAndSet(open, open + 1)) {
                return true;
            }
        }
    }

    /** MySQL answers the connection over the limit with ERR 1040 in place of the greeting. */
    void refuseTooManyConnections(ChannelPacketSink sink) {
        sink.startReply(0);
        sink.send(ServerPackets.err(ErrorCode.TOO_MANY_CONNECTIONS.exception()));
        sink.flushAndClose();
    }

    /** @param tls the connection's TLS session once its handshake is done, else null */
    Connection newConnection(String remoteHost, ChannelPacketSink sink, Runnable onLogin, Supplier<SSLSession> tls) {
        return new Connection(nextConnectionId.getAndIncrement() & 0xFFFFFFFFL, remoteHost, sessions, options,
                new Login(auth, remoteHost, tls), sink, onLogin, () -> {
                    SSLSession session = tls.get();
                    return session == null ? null : session.getCipherSuite();
                });
    }

    void connectionClosed() {
        openConnections.decrementAndGet();
        synchronized (drained) {
            drained.notifyAll();
        }
    }
}
