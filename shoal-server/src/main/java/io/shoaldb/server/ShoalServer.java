package io.shoaldb.server;

import io.shoaldb.api.ServerInfo;
import io.shoaldb.catalog.Catalog;
import io.shoaldb.catalog.CatalogOptions;
import io.shoaldb.common.config.ShoalConfig;
import io.shoaldb.common.io.FilesFacade;
import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.common.memory.MemoryPool;
import io.shoaldb.exec.ExecutionListener;
import io.shoaldb.exec.QueryExecutor;
import io.shoaldb.exec.task.LoadShare;
import io.shoaldb.server.metrics.MicrometerMemoryMetrics;
import io.shoaldb.server.statement.PlanCache;
import io.shoaldb.sql.planner.QueryPlanner;
import io.shoaldb.ingest.format.RecordBufferBudget;
import io.shoaldb.ingest.format.RecordLimits;
import io.shoaldb.ingest.groupcommit.GroupCommitManager;
import io.shoaldb.ingest.groupcommit.GroupCommitOptions;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.shoaldb.protocol.http.HttpMetrics;
import io.shoaldb.protocol.http.HttpServer;
import io.shoaldb.protocol.http.HttpServerOptions;
import io.shoaldb.protocol.mysql.MySqlServer;
import io.shoaldb.protocol.mysql.MySqlServerOptions;
import io.shoaldb.protocol.mysql.auth.AuthPlugin;
import io.shoaldb.server.auth.AccountAuthenticator;
import io.shoaldb.server.auth.AdminAccess;
import io.shoaldb.server.auth.BuiltinAccounts;
import io.shoaldb.server.auth.RsaKeyFile;
import io.shoaldb.server.config.DataPaths;
import io.shoaldb.server.config.ServerConfigKeys;
import io.shoaldb.server.metrics.MicrometerGroupCommitMetrics;
import io.shoaldb.server.metrics.MicrometerFileCacheMetrics;
import io.shoaldb.server.metrics.MicrometerVaultRecyclerMetrics;
import io.shoaldb.server.metrics.MicrometerCompactionMetrics;
import io.shoaldb.server.metrics.MicrometerScanMetrics;
import io.shoaldb.server.session.SessionRegistry;
import io.shoaldb.server.session.ShoalSessionFactory;
import io.netty.handler.ssl.SslContextBuilder;
import io.shoaldb.server.statement.QueryAdmission;
import io.shoaldb.server.tls.TlsIdentity;
import io.shoaldb.server.statement.ServerContext;
import io.shoaldb.server.streamload.StreamLoadOptions;
import io.shoaldb.server.streamload.StreamLoadService;
import io.shoaldb.server.statement.StatementDispatcher;
import io.shoaldb.server.table.ColumnDefaults;
import io.shoaldb.server.table.LiteralDefaults;
import io.shoaldb.server.table.TableLifecycle;
import io.shoaldb.server.vault.VaultRecycler;
import io.shoaldb.server.vault.VaultStores;
import io.shoaldb.server.variable.GlobalVariables;
import io.shoaldb.server.variable.VariableRegistry;
import io.shoaldb.storage.StorageEngine;
import io.shoaldb.storage.StorageOptions;
import io.shoaldb.storage.compaction.CompactionScheduler;
import io.shoaldb.storage.partition.DataPartitions;
import io.shoaldb.txn.TransactionManager;
import io.shoaldb.txn.TxnCompactionCommitter;
import io.shoaldb.txn.TxnOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One ShoalDB server: frontend and backend roles in one process. Parts are built here by constructors
 * (no static singletons), in dependency order, and closed in reverse. Recovery (catalog replay, then
 * the transaction log, then storage, then the group-commit WALs) finishes before any port accepts a client.
 */
public final class ShoalServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ShoalServer.class);

    private final Deque<AutoCloseable> closeInReverse;
    private final Catalog catalog;
    private final StorageEngine storage;
    private final MySqlServer mysqlServer;
    private final HttpServer httpServer;
    private boolean closed;

    private ShoalServer(Deque<AutoCloseable> closeInReverse, Catalog catalog, StorageEngine storage,
            MySqlServer mysqlServer, HttpServer httpServer) {
        this.httpServer = httpServer;
        this.closeInReverse = closeInReverse;
        this.catalog = catalog;
        this.storage = storage;
        this.mysqlServer = mysqlServer;
    }

    /** Recovers the data under the configured paths and opens the ports. */
    public static ShoalServer start(ShoalConfig config) throws IOException {
        return start(config, new LocalFiles());
    }

    /** Like {@link #start(ShoalConfig)}, with every durable file operation going through {@code files}. */
    public static ShoalServer start(ShoalConfig config, FilesFacade files) throws IOException {
        Deque<AutoCloseable> opened = new ArrayDeque<>();
        try {
            DataPaths paths = DataPaths.from(config);
            List<Path> locked = new ArrayList<>(paths.storagePaths());
            if (!paths.storagePaths().contains(paths.metaDir().getParent())) {
                locked.add(paths.metaDir());
            }
            opened.push(DataDirectoryLock.acquire(locked));

            DataPartitions partitions = DataPartitions.open(files, paths.storagePaths(),
                    config.get(ServerConfigKeys.DATA_PARTITIONS), config.get(ServerConfigKeys.MEM_LIMIT),
                    Runtime.getRuntime().availableProcessors());
            Catalog catalog = Catalog.open(files, paths.metaDir().resolve("catalog"), CatalogOptions.defaults()
                    .withCheckpointEvery(config.get(ServerConfigKeys.METADATA_CHECKPOINT_INTERVAL))
                    .withPartitionCount(partitions.count()));
            opened.push(catalog);
            StorageOptions storageOptions = StorageOptions.DEFAULT.withInline(
                    config.get(ServerConfigKeys.INLINE_LOAD_MAX_BYTES), config.get(ServerConfigKeys.INLINE_ROWSETS_MEM_LIMIT))
                    .withPageCache(config.get(ServerConfigKeys.STORAGE_PAGE_CACHE_LIMIT))
                    .withMemtableBytes(config.get(ServerConfigKeys.WRITE_BUFFER_SIZE));
            StorageEngine storage = new StorageEngine(files, partitions, storageOptions);
            TransactionManager txns = TransactionManager.open(files, paths.metaDir().resolve("txn"), storage,
                    TxnOptions.defaults().withLabelKeepMax(
                            Duration.ofSeconds(config.get(ServerConfigKeys.LABEL_KEEP_MAX_SECOND))));
            opened.push(txns);
            PrometheusMeterRegistry metrics = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
            MicrometerScanMetrics.register(metrics, storage);
            MicrometerCompactionMetrics.register(metrics, storage);
            VaultStores vaults = new VaultStores(new VaultStores.CacheSettings(paths.storagePaths(),
                    config.get(ServerConfigKeys.FILE_CACHE_CAPACITY_BYTES), config.get(ServerConfigKeys.FILE_CACHE_BLOCK_BYTES),
                    config.get(ServerConfigKeys.FILE_CACHE_READ_AHEAD_BLOCKS)));
            opened.push(vaults);
            MicrometerFileCacheMetrics.register(metrics, vaults);
            GroupCommitManager groupCommit = new GroupCommitManager(files, paths.walDirs(), storage, txns,
                    GroupCommitOptions.defaults()
                            .withMaxWalNumPerTable(config.get(ServerConfigKeys.GROUP_COMMIT_MAX_WAL_NUM_PER_TABLE))
                            .withQueueMemLimitBytes(config.get(ServerConfigKeys.GROUP_COMMIT_QUEUE_MEM_LIMIT))
                            .withAdaptiveWindow(Duration.ofNanos(
                                    1000 * config.get(ServerConfigKeys.GROUP_COMMIT_ADAPTIVE_WINDOW_US)))
                            .withPipelineDepth(config.get(ServerConfigKeys.GROUP_COMMIT_PIPELINE_DEPTH)),
                    new MicrometerGroupCommitMetrics(metrics), null);
            opened.push(groupCommit);
            ColumnDefaults defaults = new LiteralDefaults();
            TableLifecycle tables = new TableLifecycle(catalog, storage, txns, groupCommit, defaults, vaults);
            tables.recover();
            vaults.warmUp();
            VaultRecycler recycler = new VaultRecycler(storage, catalog, vaults,
                    Duration.ofSeconds(config.get(ServerConfigKeys.VAULT_RECYCLE_GRACE_SECONDS)), System::currentTimeMillis);
            recycler.start(Duration.ofSeconds(config.get(ServerConfigKeys.VAULT_RECYCLE_INTERVAL_SECONDS)));
            opened.push(recycler);
            MicrometerVaultRecyclerMetrics.register(metrics, recycler);
            CompactionScheduler compaction = new CompactionScheduler(storage, new TxnCompactionCommitter(txns),
                    storageOptions);
            compaction.start();
            opened.push(compaction);
            groupCommit.setTargetResolver((databaseId, tableId) -> catalog.snapshot().tableById(tableId)
                    .map(tables::writeTarget).orElse(null));
            // Acknowledged async rows of the last run become visible before any new load is taken.
            groupCommit.replay();

            MemoryPool memory = new MemoryPool(config.get(ServerConfigKeys.MEM_LIMIT));
            memory.addPart("group commit queues", groupCommit::queuedBytes);
            memory.addPart("inline rowsets", storage::inlineRowsetBytes);
            memory.addPart("page cache", storage.segmentCache()::bytes);
            MicrometerMemoryMetrics.register(metrics, memory);
            new JvmMemoryMetrics().bindTo(metrics);
            int cores = Runtime.getRuntime().availableProcessors();
            QueryExecutor executor = new QueryExecutor(storage,
                    new LoadShare(cores, config.get(ServerConfigKeys.LOAD_CPU_SHARE), groupCommit::loading), cores,
                    ExecutionListener.NONE, memory);
            opened.push(executor);

            ServerInfo serverInfo = Version.serverInfo();
            int maxAllowedPacket = config.get(ServerConfigKeys.MAX_ALLOWED_PACKET);
            VariableRegistry registry = new VariableRegistry(serverInfo, maxAllowedPacket);
            GlobalVariables globals = new GlobalVariables(registry, catalog.globalVariables(), catalog::setGlobalVariable);
            BuiltinAccounts.createIfAbsent(catalog, config.get(ServerConfigKeys.ROOT_PASSWORD));
            AccountAuthenticator authenticator = new AccountAuthenticator(catalog);
            if (authenticator.verifyPassword(BuiltinAccounts.ROOT, "")) {
                LOG.warn("root has no password; set one (SET PASSWORD, or root_password before the first start)"
                        + " before binding to a non-loopback address");
            }
            SessionRegistry sessions = new SessionRegistry();
            StatementDispatcher dispatcher = new StatementDispatcher(
                    new ServerContext(catalog, tables, storage, txns, groupCommit, new QueryPlanner(), executor, globals,
                            serverInfo, sessions, QueryAdmission.of(config),
                            new PlanCache(config.get(ServerConfigKeys.PLAN_CACHE_SIZE), metrics), vaults));
            ShoalSessionFactory sessionFactory = new ShoalSessionFactory(authenticator, serverInfo, globals, dispatcher,
                    sessions);
            opened.push(sessionFactory::close); // after the ports close: the last statements' audit lines
            MySqlServerOptions mysqlOptions = new MySqlServerOptions(
                    config.get(ServerConfigKeys.BIND_ADDRESS), config.get(ServerConfigKeys.QUERY_PORT),
                    config.get(ServerConfigKeys.QE_MAX_CONNECTION), maxAllowedPacket);
            if (config.get(ServerConfigKeys.ENABLE_SSL)) {
                mysqlOptions = mysqlOptions.withTls(SslContextBuilder.forServer(tlsIdentity(files, paths.metaDir(),
                                config.get(ServerConfigKeys.MYSQL_SSL_DEFAULT_SERVER_CERTIFICATE),
                                config.get(ServerConfigKeys.MYSQL_SSL_DEFAULT_SERVER_CERTIFICATE_PASSWORD), "PKCS12")
                                .keyManagers()).build(),
                        config.get(ServerConfigKeys.REQUIRE_SECURE_TRANSPORT));
            } else if (config.get(ServerConfigKeys.REQUIRE_SECURE_TRANSPORT)) {
                throw new IllegalArgumentException("require_secure_transport = true needs enable_ssl = true");
            }
            AuthPlugin authPlugin = config.get(ServerConfigKeys.DEFAULT_AUTHENTICATION_PLUGIN);
            // Only caching_sha2_password as the default ever asks a client without TLS for an RSA-encrypted password.
            mysqlOptions = mysqlOptions.withAuthentication(authPlugin, authPlugin == AuthPlugin.CACHING_SHA2_PASSWORD
                    ? RsaKeyFile.generatedIn(files, paths.metaDir().resolve("auth")) : null);
            MySqlServer mysqlServer = new MySqlServer(sessionFactory, mysqlOptions);
            mysqlServer.start();
            opened.push(mysqlServer::close);

            String bindAddress = config.get(ServerConfigKeys.BIND_ADDRESS);
            HttpServer[] http = new HttpServer[1];
            RecordLimits recordLimits = RecordLimits.ofMb(config.get(ServerConfigKeys.STREAMING_LOAD_CSV_LINE_MAX_MB),
                    config.get(ServerConfigKeys.STREAMING_LOAD_JSON_MAX_MB),
                    new RecordBufferBudget(config.get(ServerConfigKeys.STREAMING_LOAD_RECORD_BUFFER_MEM_LIMIT)));
            StreamLoadService loads = new StreamLoadService(catalog, authenticator, tables, storage, txns, groupCommit,
                    StreamLoadOptions.defaults(paths.storagePaths().getFirst().resolve("error_log"),
                            () -> bindAddress + ":" + http[0].port(0), bindAddress + ":" + mysqlServer.port())
                            .withRecordLimits(recordLimits)
                            .withDecodeThreads(config.get(ServerConfigKeys.STREAMING_LOAD_DECODE_THREADS)));
            opened.push(loads);
            http[0] = new HttpServer(new HttpServerOptions(bindAddress,
                    List.of(config.get(ServerConfigKeys.HTTP_PORT), config.get(ServerConfigKeys.WEBSERVER_PORT)),
                    config.get(ServerConfigKeys.STREAMING_LOAD_MAX_MB),
                    config.get(ServerConfigKeys.ENABLE_GROUP_COMMIT_STREAMLOAD_BE_FORWARD))
                    .withStreamingLoadJsonMaxMb(config.get(ServerConfigKeys.STREAMING_LOAD_JSON_MAX_MB))
                    .withConcurrencyLimits(config.get(ServerConfigKeys.HTTP_MAX_CONNECTIONS),
                            config.get(ServerConfigKeys.STREAMING_LOAD_MAX_CONCURRENCY))
                    .withMetricsAuth(config.get(ServerConfigKeys.ENABLE_METRICS_AUTH)),
                    authenticator, new AdminAccess(catalog, authenticator), loads, new HttpMetrics(metrics));
            if (config.get(ServerConfigKeys.ENABLE_HTTPS)) {
                http[0].withHttps(SslContextBuilder.forServer(tlsIdentity(files, paths.metaDir(),
                        config.get(ServerConfigKeys.KEY_STORE_PATH), config.get(ServerConfigKeys.KEY_STORE_PASSWORD),
                        config.get(ServerConfigKeys.KEY_STORE_TYPE)).keyManagers()).build(),
                        config.get(ServerConfigKeys.HTTPS_PORT));
            }
            http[0].start();
            opened.push(http[0]::close);
            LOG.info("ShoalDB {} started: query_port={} http_port={} webserver_port={} bind_address={} "
                            + "storage_root_path={} meta_dir={} data_partitions={}", Version.product(),
                    mysqlServer.port(), http[0].port(0), http[0].port(1), bindAddress, paths.storagePaths(),
                    paths.metaDir(), partitions.count());
            return new ShoalServer(opened, catalog, storage, mysqlServer, http[0]);
        } catch (IOException | RuntimeException e) {
            closeAll(opened, e);
            throw e;
        }
    }

    /** The MySQL-protocol port actually bound (useful when configured as 0). */
    public int queryPort() {
        return mysqlServer.port();
    }

    /** The Stream Load port actually bound ({@code http_port}). */
    public int httpPort() {
        return httpServer.port(0);
    }

    /** The HTTPS port actually bound ({@code https_port}); only when {@code enable_https} is true. */
    public int httpsPort() {
        List<Integer> ports = httpServer.ports();
        if (ports.size() < 3) {
            throw new IllegalStateException("HTTPS is not enabled (enable_https)");
        }
        return ports.get(2);
    }

    /** The second Stream Load port ({@code webserver_port}). */
    public int webserverPort() {
        return httpServer.port(1);
    }

    public Catalog catalog() {
        return catalog;
    }

    public StorageEngine storage() {
        return storage;
    }

    /** Stops accepting clients and closes sessions, then the engines, then releases the data paths. */
    @Override
    public synchronized void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        LOG.info("ShoalDB stopping");
        IOException failure = new IOException("errors while stopping");
        closeAll(closeInReverse, failure);
        LOG.info("ShoalDB stopped");
        if (failure.getSuppressed().length > 0) {
            throw failure;
        }
    }

    private static void closeAll(Deque<AutoCloseable> opened, Exception failures) {
        while (!opened.isEmpty()) {
            try {
                opened.pop().close();
            } catch (Exception e) {
                failures.addSuppressed(e);
            }
        }
    }

    /** A TLS port's identity: the configured keystore, else the self-signed one under the meta dir. */
    private static TlsIdentity tlsIdentity(FilesFacade files, Path metaDir, String keyStore, String password,
            String type) throws IOException {
        return keyStore.isEmpty() ? TlsIdentity.generatedIn(files, metaDir.resolve("tls"))
                : TlsIdentity.load(files, Path.of(keyStore), password, type);
    }
}
