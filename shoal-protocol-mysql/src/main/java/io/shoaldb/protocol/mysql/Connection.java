package io.shoaldb.protocol.mysql;

import io.shoaldb.api.ClientInfo;
import io.shoaldb.api.Session;
import io.shoaldb.api.SessionFactory;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.protocol.mysql.auth.Login;
import io.shoaldb.protocol.mysql.codec.FramingError;
import io.shoaldb.protocol.mysql.codec.Packet;
import io.shoaldb.protocol.mysql.command.CommandDispatcher;
import io.shoaldb.protocol.mysql.command.ConnectionClosedException;
import io.shoaldb.protocol.mysql.result.ServerPackets;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The protocol state of one client connection: connection phase (greeting, login), then command phase, where a
 * COM_CHANGE_USER runs another authentication exchange and replaces the session.
 * Its methods run one at a time, in the order the packets arrived (see {@link ConnectionHandler}): off the event
 * loop, except {@link #answerImmediately} while nothing else of the connection runs; so it needs no locking, and
 * that order also makes the session's close come after the last command it ran.
 */
final class Connection {
    private static final Logger LOG = LoggerFactory.getLogger(Connection.class);
    private static final int COM_CHANGE_USER = 0x11;

    private final long connectionId;
    private final String remoteHost;
    private final SessionFactory sessions;
    private final MySqlServerOptions options;
    private final ChannelPacketSink sink;
    private final Login login;
    private final Runnable onLogin;
    private final Supplier<String> tlsCipher;
    private int expectedSequenceId;
    /** Written by the command thread at login, read by the event loop in {@link #abort()}. */
    private volatile Session session;
    private CommandDispatcher dispatcher;
    /** A COM_CHANGE_USER is authenticating: the next packets belong to its exchange, not to commands. */
    private boolean changingUser;
    private boolean closed;
    /** Read by the event loop's login timer. */
    private volatile boolean authenticated;

    /**
     * @param login the connection's authentication exchanges (handshake, then COM_CHANGE_USER)
     * @param onLogin runs once the client is authenticated, before the OK is sent (lifts the pre-login limits)
     * @param tlsCipher the cipher suite of the connection's TLS session, or null while it has none
     */
    Connection(long connectionId, String remoteHost, SessionFactory sessions, MySqlServerOptions options,
            Login login, ChannelPacketSink sink, Runnable onLogin, Supplier<String> tlsCipher) {
        this.onLogin = onLogin;
        this.tlsCipher = tlsCipher;
        this.connectionId = connectionId;
        this.remoteHost = remoteHost;
        this.sessions = sessions;
        this.options = options;
        this.sink = sink;
        this.login = login;
    }

    void greet() {
        sink.startReply(0);
        sink.send(login.greeting(sessions.serverInfo().protocolVersion(), connectionId,
                ServerPackets.STATUS_AUTOCOMMIT));
        expectedSequenceId = 1;
    }

    /**
     * Runs one command packet. Returns null when its reply is written (held in the sink for the caller to
     * flush), or a future completed once a deferred reply is written ({@link CommandDispatcher#takeDeferred}):
     * the command runs until then.
     */
    CompletableFuture<Void> onPacket(Packet packet) {
        if (closed) {
            return null;
        }
        sink.startReply(packet.replySequenceId());
        try {
            if (dispatcher == null || changingUser) {
                onLoginPacket(packet);
            } else if (packet.firstSequenceId() != 0) {
                fail(ErrorCode.PACKETS_OUT_OF_ORDER.exception());
                return null;
            } else if (isChangeUser(packet)) {
                changingUser = true;
                authenticate(packet, () -> login.changeUser(packet.payload()));
            } else if (!dispatcher.dispatch(packet)) {
                sink.flushAndClose();
            } else {
                return dispatcher.takeDeferred();
            }
            // Otherwise the reply stays held: ConnectionHandler flushes it when the command ends.
        } catch (ConnectionClosedException e) {
            LOG.debug("Connection {} closed while replying", connectionId);
        }
        return null;
    }

    /**
     * Answers the packet here, on the event loop that read it, when it is a statement the session answers
     * without waiting (see {@link CommandDispatcher#dispatchImmediate}); the reply is written and flushed at
     * once. The caller makes sure no command of the connection is running or queued, so the connection's
     * methods still run one at a time and in order.
     *
     * @return false, having done nothing, when the packet must go the usual way ({@link #onPacket})
     */
    boolean answerImmediately(Packet packet) {
        if (closed || dispatcher == null || changingUser || packet.firstSequenceId() != 0) {
            return false;
        }
        sink.startReply(packet.replySequenceId());
        try {
            if (!dispatcher.dispatchImmediate(packet)) {
                return false;
            }
            sink.flush();
        } catch (ConnectionClosedException e) {
            LOG.debug("Connection {} closed while replying", connectionId);
        }
        return true;
    }

    private static boolean isChangeUser(Packet packet) {
        return packet.payload().length > 0 && (packet.payload()[0] & 0xFF) == COM_CHANGE_USER;
    }

    /** The connection phase: any refusal is final, the client is told why and disconnected. */
    private void onLoginPacket(Packet packet) {
        if (packet.firstSequenceId() != expectedSequenceId) {
            fail(ErrorCode.PACKETS_OUT_OF_ORDER.exception());
            return;
        }
        authenticate(packet, () -> login.onPacket(packet));
    }

    private void authenticate(Packet packet, Supplier<Login.Step> exchange) {
        try {
            switch (exchange.get()) {
                case Login.Reply reply -> {
                    sink.send(reply.packet());
                    expectedSequenceId = (packet.lastSequenceId() + 2) & 0xFF;
                }
                case Login.Authenticated done -> startSession(done);
            }
        } catch (ConnectionClosedException e) {
            throw e;
        } catch (RuntimeException e) {
            fail(e);
        }
    }

    /**
     * Opens the session of a client that has just authenticated. After COM_CHANGE_USER the old session is
     * closed first, as MySQL starts the new user afresh: its database, variables, prepared statements and
     * transaction go with the old session.
     */
    private void startSession(Login.Authenticated done) {
        if (done.fastAuthSuccess() != null) {
            sink.send(done.fastAuthSuccess());
        }
        closeSession();
        String user = done.response().user();
        session = sessions.open(new ClientInfo(connectionId, user, remoteHost, done.response().database(),
                tlsCipher.get()), sink::closeNow);
        dispatcher = new CommandDispatcher(session, sink, done.capabilities(), options.maxAllowedPacket(),
                sink.replyExecutor());
        if (!authenticated) {
            onLogin.run();
        }
        changingUser = false;
        sink.send(ServerPackets.ok(0, ServerPackets.statusFlags(session.status()), 0, done.okInfo()));
        authenticated = true;
        LOG.debug("Connection {}: {}@{} logged in", connectionId, user, remoteHost);
    }

    /**
     * The client has gone: stops the session's running statement now rather than after it has finished for
     * nobody. Runs on the event loop, beside the command's own thread.
     */
    void abort() {
        Session current = session;
        if (current != null) {
            current.abort();
        }
    }

    /** The client sent an SSLRequest (sequence id 1) and TLS is set up; its handshake response is number 2. */
    void tlsStarted() {
        login.tlsStarted();
        expectedSequenceId = 2;
    }

    boolean authenticated() {
        return authenticated;
    }

    void onFramingError(FramingError error) {
        if (closed) {
            return;
        }
        sink.startReply(error.replySequenceId());
        fail(error.error());
    }

    /** Sends ERR and closes: for failures after which the conversation cannot go on. */
    private void fail(RuntimeException error) {
        try {
            sink.send(ServerPackets.err(error));
        } catch (ConnectionClosedException e) {
            return;
        }
        sink.flushAndClose();
    }

    /** Closes the session exactly once; runs after every command of the connection has finished. */
    void close() {
        if (closed) {
            return;
        }
        closed = true;
        closeSession();
    }

    private void closeSession() {
        if (dispatcher != null) {
            dispatcher.clear();
            dispatcher = null;
        }
        Session current = session;
        session = null;
        if (current != null) {
            try {
                current.close();
            } catch (RuntimeException e) {
                LOG.warn("Closing the session of connection {} failed", connectionId, e);
            }
        }
    }
}
