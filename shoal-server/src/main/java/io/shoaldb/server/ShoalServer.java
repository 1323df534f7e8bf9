package io.shoaldb.server;

import io.shoaldb.api.ServerInfo;
import io.shoaldb.catalog.Catalog;
import io.shoaldb.catalog.CatalogOptions;
import io.shoaldb.common.config.ShoalConfig;
import io.shoaldb.common.io.FilesFacade;
import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.protocol.mysql.MySqlServer;
import io.shoaldb.protocol.mysql.MySqlServerOptions;
import io.shoaldb.server.auth.PasswordAuthenticator;
import io.shoaldb.server.config.DataPaths;
import io.shoaldb.server.config.ServerConfigKeys;
import io.shoaldb.server.session.SessionRegistry;
import io.shoaldb.server.session.ShoalSessionFactory;
import io.shoaldb.server.statement.ServerContext;
import io.shoaldb.server.statement.StatementDispatcher;
import io.shoaldb.server.variable.GlobalVariables;
import io.shoaldb.server.variable.VariableRegistry;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One ShoalDB server: frontend and backend roles in one process. Parts are built here by constructors
 * (no static singletons), in dependency order, and closed in reverse: recovery (the catalog replay)
 * finishes before any port accepts a client.
 */
public final class ShoalServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ShoalServer.class);

    private final DataDirectoryLock lock;
    private final Catalog catalog;
    private final MySqlServer mysqlServer;
    private final SessionRegistry sessions;
    private boolean closed;

    private ShoalServer(DataDirectoryLock lock, Catalog catalog, MySqlServer mysqlServer, SessionRegistry sessions) {
        this.lock = lock;
        this.catalog = catalog;
        this.mysqlServer = mysqlServer;
        this.sessions = sessions;
    }

    /** Recovers the data under the configured paths and opens the ports. */
    public static ShoalServer start(ShoalConfig config) throws IOException {
        FilesFacade files = new LocalFiles();
        DataPaths paths = DataPaths.from(config);
        List<Path> locked = new ArrayList<>(paths.storagePaths());
        if (!paths.storagePaths().contains(paths.metaDir().getParent())) {
            locked.add(paths.metaDir());
        }
        DataDirectoryLock lock = DataDirectoryLock.acquire(locked);
        Catalog catalog = null;
        try {
            catalog = Catalog.open(files, paths.metaDir(), CatalogOptions.defaults()
                    .withCheckpointEvery(config.get(ServerConfigKeys.METADATA_CHECKPOINT_INTERVAL)));
            ServerInfo serverInfo = Version.serverInfo();
            int maxAllowedPacket = config.get(ServerConfigKeys.MAX_ALLOWED_PACKET);
            VariableRegistry registry = new VariableRegistry(serverInfo, maxAllowedPacket);
            GlobalVariables globals = new GlobalVariables(registry, catalog.globalVariables(), catalog::setGlobalVariable);
            PasswordAuthenticator authenticator = new PasswordAuthenticator(config.get(ServerConfigKeys.ROOT_PASSWORD));
            if (authenticator.hasEmptyPassword()) {
                LOG.warn("root has no password; set root_password before binding to a non-loopback address");
            }
            SessionRegistry sessions = new SessionRegistry();
            StatementDispatcher dispatcher = new StatementDispatcher(
                    new ServerContext(catalog, globals, serverInfo, sessions));
            ShoalSessionFactory sessionFactory = new ShoalSessionFactory(authenticator, serverInfo, globals, dispatcher,
                    sessions);
            MySqlServer mysqlServer = new MySqlServer(sessionFactory, new MySqlServerOptions(
                    config.get(ServerConfigKeys.BIND_ADDRESS), config.get(ServerConfigKeys.QUERY_PORT),
                    config.get(ServerConfigKeys.QE_MAX_CONNECTION), maxAllowedPacket));
            mysqlServer.start();
            LOG.info("ShoalDB {} started: query_port={} bind_address={} storage_root_path={} meta_dir={}",
                    Version.product(), mysqlServer.port(), config.get(ServerConfigKeys.BIND_ADDRESS),
                    paths.storagePaths(), paths.metaDir());
            return new ShoalServer(lock, catalog, mysqlServer, sessions);
        } catch (RuntimeException e) {
            if (catalog != null) {
                catalog.close();
            }
            lock.close();
            throw e;
        }
    }

    /** The MySQL-protocol port actually bound (useful when configured as 0). */
    public int queryPort() {
        return mysqlServer.port();
    }

    public Catalog catalog() {
        return catalog;
    }

    public SessionRegistry sessions() {
        return sessions;
    }

    /** Stops accepting clients, closes sessions, then closes storage. Safe to call twice. */
    @Override
    public synchronized void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        LOG.info("ShoalDB stopping");
        try {
            mysqlServer.close();
            catalog.close();
        } finally {
            lock.close();
        }
        LOG.info("ShoalDB stopped");
    }
}
