package io.shoaldb.server.session;

import io.shoaldb.api.Authenticator;
import io.shoaldb.api.ClientInfo;
import io.shoaldb.api.ServerInfo;
import io.shoaldb.api.Session;
import io.shoaldb.api.SessionFactory;
import io.shoaldb.server.auth.AccountAuthenticator;
import io.shoaldb.server.variable.GlobalVariables;
import io.shoaldb.server.variable.SessionVariables;

/** Opens {@link ShoalSession}s for the protocols. */
public final class ShoalSessionFactory implements SessionFactory, AutoCloseable {
    private final AccountAuthenticator authenticator;
    private final ServerInfo serverInfo;
    private final GlobalVariables globals;
    private final StatementRunner runner;
    private final SessionRegistry registry;
    private final AuditLog auditLog = new AuditLog();
    private final ParsedStatementCache statementCache = new ParsedStatementCache();
    private final PreparedStatementCount preparedCount;

    public ShoalSessionFactory(AccountAuthenticator authenticator, ServerInfo serverInfo, GlobalVariables globals,
            StatementRunner runner, SessionRegistry registry) {
        this.authenticator = authenticator;
        this.serverInfo = serverInfo;
        this.globals = globals;
        this.runner = runner;
        this.registry = registry;
        this.preparedCount = new PreparedStatementCount(globals);
    }

    @Override
    public Session open(ClientInfo client, Runnable disconnect) {
        ShoalSession session = new ShoalSession(client, authenticator.identify(client.user(), client.remoteHost()),
                new SessionVariables(globals), runner, auditLog, statementCache, preparedCount, registry::remove,
                disconnect);
        if (client.initialDatabase() != null && !client.initialDatabase().isEmpty()) {
            session.useDatabase(client.initialDatabase());
        }
        registry.add(session);
        return session;
    }

    @Override
    public Authenticator authenticator() {
        return authenticator;
    }

    @Override
    public ServerInfo serverInfo() {
        return serverInfo;
    }

    /** Writes the audit lines still queued; call once no session runs statements any more. */
    @Override
    public void close() {
        auditLog.close();
    }
}
