package io.shoaldb.protocol.mysql;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.ReferenceCountUtil;
import io.shoaldb.protocol.mysql.codec.FramingError;
import io.shoaldb.protocol.mysql.codec.Packet;
import io.shoaldb.protocol.mysql.codec.PacketDecoder;
import io.shoaldb.protocol.mysql.codec.TlsUpgrade;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Moves a connection's work off the event loop: each decoded packet becomes a task that runs on a virtual
 * thread, chained after the previous one so that a connection's commands run in order, one at a time. A command
 * whose reply is deferred (an INSERT waiting for its group commit, see {@link Connection#onPacket}) runs until
 * that reply is written: its thread is gone meanwhile, but the next command waits for the reply. While a
 * command runs and another one is already queued behind it, the channel stops reading, which is the
 * back-pressure on a client that sends faster than its commands finish; reading resumes once a reply is written
 * and at most one command is left. A client that waits for each reply (nearly all) is therefore never paused:
 * switching reads off and on for every command cost two changes of the socket's interest set (system calls on
 * the event loop) per statement. An idle connection holds no thread.
 * A statement the session answers from its own state without waiting (what drivers send before each statement,
 * such as {@code SELECT @@session.transaction_read_only}) is answered right here on the event loop when nothing
 * else of the connection is running or queued: no hand-off to a thread and back, no wake-up of either.
 * Since a socket that is not read does not report its peer's hang-up, a connection whose reads are off reads
 * once per {@link #HANGUP_PROBE_MILLIS}: a hang-up then aborts the command (a query stops instead of working on
 * for nobody); a pipelined command read that way just waits its turn. While reads are on, a hang-up is seen at
 * once.
 */
final class ConnectionHandler extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(ConnectionHandler.class);
    /** Like MySQL's connect_timeout: a client that has not logged in by then is dropped, freeing its slot. */
    static final long LOGIN_TIMEOUT_SECONDS = 10;
    static final long HANGUP_PROBE_MILLIS = 500;
    private static final Executor VIRTUAL_THREADS = task -> Thread.ofVirtual().name("mysql-command").start(task);
    private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

    private final MySqlServer server;
    private Connection connection;
    private ChannelPacketSink sink;
    private CompletableFuture<Void> tail = CompletableFuture.completedFuture(null);
    private int pending;
    private ScheduledFuture<?> hangUpProbe;

    ConnectionHandler(MySqlServer server) {
        this.server = server;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        Channel channel = ctx.channel();
        sink = new ChannelPacketSink(channel);
        if (!server.acquireConnectionSlot()) {
            server.refuseTooManyConnections(sink);
            return;
        }
        String host = channel.remoteAddress() instanceof InetSocketAddress address
                ? address.getAddress().getHostAddress() : String.valueOf(channel.remoteAddress());
        PacketDecoder decoder = ctx.pipeline().get(PacketDecoder.class);
        connection = server.newConnection(host, sink, decoder::loggedIn, () -> {
            SslHandler tls = ctx.pipeline().get(SslHandler.class);
            return tls == null ? null : tls.engine().getSession();
        });
        enqueue(ctx, connection::greet);
        hangUpProbe = ctx.executor().scheduleWithFixedDelay(() -> probeForHangUp(ctx), HANGUP_PROBE_MILLIS,
                HANGUP_PROBE_MILLIS, TimeUnit.MILLISECONDS);
        Connection started = connection;
        ctx.executor().schedule(() -> {
            if (!started.authenticated() && ctx.channel().isActive()) {
                LOG.debug("Client {} did not log in within {} s", host, LOGIN_TIMEOUT_SECONDS);
                ctx.close();
            }
        }, LOGIN_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object message) {
        Connection target = connection;
        if (target == null) {
            ReferenceCountUtil.release(message);
            return;
        }
        switch (message) {
            case Packet packet -> {
                if (pending > 0 || !target.answerImmediately(packet)) {
                    enqueueCommand(ctx, () -> target.onPacket(packet));
                }
            }
            case FramingError error -> enqueue(ctx, () -> target.onFramingError(error));
            default -> ReferenceCountUtil.release(message);
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        Connection target = connection;
        if (event == TlsUpgrade.STARTED && target != null) {
            enqueue(ctx, target::tlsStarted);
        }
        ctx.fireUserEventTriggered(event);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (hangUpProbe != null) {
            hangUpProbe.cancel(false);
        }
        Connection target = connection;
        if (target != null) {
            connection = null;
            target.abort();
            tail = tail.thenRunAsync(() -> {
                try {
                    target.close();
                } finally {
                    server.connectionClosed();
                }
            }, VIRTUAL_THREADS);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof IOException) {
            LOG.debug("Connection from {} failed: {}", ctx.channel().remoteAddress(), cause.toString());
        } else {
            LOG.warn("Unexpected failure on connection from {}", ctx.channel().remoteAddress(), cause);
        }
        ctx.close();
    }

    /** Runs on the event loop; the task runs on a virtual thread after all earlier ones. */
    private void enqueue(ChannelHandlerContext ctx, Runnable task) {
        enqueueCommand(ctx, () -> {
            task.run();
            return null;
        });
    }

    /**
     * Runs on the event loop; the task runs on a virtual thread after all earlier ones, and counts as running
     * until the future it returns (null: none) completes, whichever way.
     */
    private void enqueueCommand(ChannelHandlerContext ctx, Supplier<CompletableFuture<Void>> task) {
        if (++pending == 2) {
            ctx.channel().config().setAutoRead(false); // one runs, one waits: read no more until one is done
        }
        tail = tail.thenComposeAsync(ignored -> {
            CompletableFuture<Void> reply = null;
            try {
                reply = task.get();
            } catch (RuntimeException | Error e) {
                LOG.error("Command task failed; closing the connection", e);
                ctx.close();
            }
            if (reply == null) {
                sink.flushThen(() -> resumeReading(ctx));
                return DONE;
            }
            return reply.handle((written, failure) -> {
                if (failure != null) {
                    LOG.error("Writing a deferred reply failed; closing the connection", failure);
                    ctx.close();
                }
                sink.flushThen(() -> resumeReading(ctx));
                return null;
            });
        }, VIRTUAL_THREADS);
    }

    /** Runs on the event loop; while reads are off, look once whether the client is still there. */
    private void probeForHangUp(ChannelHandlerContext ctx) {
        if (pending > 0 && !ctx.channel().config().isAutoRead()) {
            ctx.read();
        }
    }

    /** Runs on the event loop once the command's reply is handed to the channel. */
    private void resumeReading(ChannelHandlerContext ctx) {
        if (--pending == 1 && ctx.channel().isActive()) {
            ctx.channel().config().setAutoRead(true);
        }
    }
}
