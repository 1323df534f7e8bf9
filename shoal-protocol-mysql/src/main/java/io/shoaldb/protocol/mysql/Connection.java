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
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The protocol state of one client connection: connection phase (greeting, login), then command phase.
 * Its methods run one at a time, off the event loop, in the order the packets arrived (see
 * {@link ConnectionHandler}), so it needs no locking; that order also makes the session's close come after the
 * last command it ran.
 */
final class Connection {
    private static final Logger LOG = LoggerFactory.getLogger(Connection.class);

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
    private boolean closed;
    /** Read by the event loop's login timer. */
    private volatile boolean authenticated;

    /**
     * @param onLogin runs once the client is authenticated, before the OK is sent (lifts the pre-login limits)
     * @param tlsCipher the cipher suite of the connection's TLS session, or null while it has none
     */
    Connection(long connectionId, String remoteHost, SessionFactory sessions, MySqlServerOptions options,
            ChannelPacketSink sink, Runnable onLogin, Supplier<String> tlsCipher) {
        this.onLogin = onLogin;
        this.tlsCipher = tlsCipher;
        this.connectionId = connectionId;
        this.remoteHost = remoteHost;
        this.sessions = sessions;
        this.options = options;
        this.sink = sink;
        this.login = new Login(sessions.authenticator(), remoteHost, options.tls() != null,
                options.requireSecureTransport());
    }

    void greet() {
        sink.startReply(0);
        sink.send(login.greeting(sessions.serverInfo().protocolVersion(), connectionId,
                ServerPackets.STATUS_AUTOCOMMIT));
        expectedSequenceId = 1;
    }

    void onPacket(Packet packet) {
        if (closed) {
            return;
        }
        sink.startReply(packet.replySequenceId());
        try {
            if (dispatcher == null) {
                onLoginPacket(packet);
            } else if (packet.firstSequenceId() != 0) {
                fail(ErrorCode.PACKETS_OUT_OF_ORDER.exception());
                return;
            } else if (!dispatcher.dispatch(packet)) {
                sink.flushAndClose();
            }
            // Otherwise the reply stays held: ConnectionHandler flushes it when the command ends.
        } catch (ConnectionClosedException e) {
            LOG.debug("Connection {} closed while replying", connectionId);
        }
    }

    /** The connection phase: any refusal is final, the client is told why and disconnected. */
    private void onLoginPacket(Packet packet) {
        if (packet.firstSequenceId() != expectedSequenceId) {
            fail(ErrorCode.PACKETS_OUT_OF_ORDER.exception());
            return;
        }
        try {
            switch (login.onPacket(packet)) {
                case Login.Reply reply -> {
                    sink.send(reply.packet());
                    expectedSequenceId = (packet.lastSequenceId() + 2) & 0xFF;
                }
                case Login.Authenticated done -> {
                    String user = done.response().user();
                    session = sessions.open(new ClientInfo(connectionId, user, remoteHost, done.response().database(),
                            tlsCipher.get()),
                            sink::closeNow);
                    dispatcher = new CommandDispatcher(session, sink, done.capabilities(), options.maxAllowedPacket());
                    onLogin.run();
                    sink.send(ServerPackets.ok(0, ServerPackets.statusFlags(session.status()), 0, ""));
                    authenticated = true;
                    LOG.debug("Connection {}: {}@{} logged in", connectionId, user, remoteHost);
                }
            }
        } catch (ConnectionClosedException e) {
            throw e;
        } catch (RuntimeException e) {
            fail(e);
        }
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
        if (dispatcher != null) {
            dispatcher.clear();
        }
        if (session != null) {
            try {
                session.close();
            } catch (RuntimeException e) {
                LOG.warn("Closing the session of connection {} failed", connectionId, e);
            }
        }
    }
}
