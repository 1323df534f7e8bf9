package io.shoaldb.server.streamload;

import io.shoaldb.api.LoadService;
import io.shoaldb.api.StreamLoadRequest;
import io.shoaldb.api.StreamLoadResult;
import io.shoaldb.api.TwoPhaseCommitResult;
import io.shoaldb.catalog.Catalog;
import io.shoaldb.catalog.CatalogSnapshot;
import io.shoaldb.catalog.auth.Privilege;
import io.shoaldb.catalog.model.Database;
import io.shoaldb.catalog.model.Table;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.ingest.convert.ColumnMapping;
import io.shoaldb.ingest.convert.LoadSchema;
import io.shoaldb.ingest.format.LoadOptions;
import io.shoaldb.ingest.groupcommit.GroupCommitManager;
import io.shoaldb.ingest.write.WriteTarget;
import io.shoaldb.server.auth.AccessDenied;
import io.shoaldb.server.auth.AccountAuthenticator;
import io.shoaldb.server.auth.Privileges;
import io.shoaldb.server.table.TableLifecycle;
import io.shoaldb.server.table.TableSchemas;
import io.shoaldb.storage.StorageEngine;
import io.shoaldb.txn.TransactionManager;
import io.shoaldb.server.metrics.NodeHealth;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stream Load for the HTTP front door: resolves the table, parses the headers, chooses the path
 * ({@link LoadPath}: group commit or the normal labelled path, two-phase when asked), decodes the body as it
 * arrives and answers Doris's reply. Also serves two-phase commit/abort, error logs, WAL counts and health.
 * Thread-safe: every load runs on its own (virtual) thread with its own state.
 */
public final class StreamLoadService implements LoadService, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StreamLoadService.class);
    /** What a {@code Host} header may look like to be echoed in an {@code ErrorURL}. */
    private static final Pattern HOST = Pattern.compile("[A-Za-z0-9.\\-]+(:[0-9]{1,5})?|\\[[0-9A-Fa-f:.]+\\](:[0-9]{1,5})?");

    private final Catalog catalog;
    private final TableLifecycle tables;
    private final StorageEngine storage;
    private final TransactionManager txns;
    private final GroupCommitManager groupCommit;
    private final StreamLoadOptions options;
    private final ErrorLogStore errorLogs;
    private final PreparedLoads prepared;
    private final NodeHealth health;
    private final AccountAuthenticator accounts;

    /** {@code accounts}: the account of a request's user and host, whose LOAD_PRIV a load needs. */
    public StreamLoadService(Catalog catalog, AccountAuthenticator accounts, TableLifecycle tables,
            StorageEngine storage, TransactionManager txns, GroupCommitManager groupCommit, StreamLoadOptions options) {
        this.catalog = catalog;
        this.accounts = accounts;
        this.tables = tables;
        this.storage = storage;
        this.txns = txns;
        this.groupCommit = groupCommit;
        this.options = options;
        this.errorLogs = new ErrorLogStore(options.errorLogDir(), options.errorLogRetention());
        this.prepared = new PreparedLoads(txns);
        this.health = new NodeHealth(txns, groupCommit);
    }

    /** Blocks until the load ends; see {@link #streamLoadAsync}. */
    @Override
    public StreamLoadResult streamLoad(StreamLoadRequest request, InputStream body) {
        try {
            return streamLoadAsync(request, body, Runnable::run).join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            if (e.getCause() instanceof Error cause) {
                throw cause;
            }
            throw e;
        }
    }

    /**
     * Plans the load and reads its body on the caller's thread. A group-commit load whose body is one batch then
     * waits for its WAL fsync or commit with no thread parked (the future completes on group commit's thread);
     * the other paths finish before returning.
     */
    @Override
    public CompletableFuture<StreamLoadResult> streamLoadAsync(StreamLoadRequest request, InputStream body,
            Executor completions) {
        LoadTimes times = new LoadTimes(System.nanoTime());
        try {
            StreamLoadContext ctx = plan(request);
            times.planned();
            if (!ctx.path().reason().isEmpty()) {
                LOG.debug("Stream Load into {}.{}: {}", request.database(), request.table(), ctx.path().reason());
            }
            LoadRun run = new LoadRun(ctx, times);
            try {
                if (ctx.path().groupCommit()) {
                    return GroupCommitLoad.run(run, body, completions); // the body is read whole before it returns
                }
                String label = ctx.headers().label() != null ? ctx.headers().label() : UUID.randomUUID().toString();
                return CompletableFuture.completedFuture(ctx.headers().twoPhaseCommit()
                        ? TwoPhaseLoad.run(run, body, label) : NormalLoad.run(run, body, label));
            } finally {
                run.close();
            }
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** Everything decided before the body is read; header and name errors are thrown (the reply says Fail). */
    private StreamLoadContext plan(StreamLoadRequest request) {
        CatalogSnapshot snapshot = catalog.snapshot();
        denied(snapshot, request.user(), request.clientHost())
                .checkTable(Privilege.LOAD_PRIV, request.database(), request.table());
        Database database = snapshot.database(request.database())
                .orElseThrow(() -> ErrorCode.UNKNOWN_DATABASE.exception(request.database()));
        Table table = snapshot.table(request.database(), request.table())
                .orElseThrow(() -> ErrorCode.UNKNOWN_TABLE.exception(request.table()));
        LoadHeaders headers = LoadHeaders.parse(request.headers(), options.defaultTimeout());
        LoadOptions format = LoadOptions.parse(request.headers());
        BodyDecoder.checkCompressType(headers.compressType());
        WriteTarget target = tables.writeTarget(table);
        LoadSchema schema = TableSchemas.loadSchema(target.schema(), table);
        if (headers.partialUpdate()) {
            requireEveryColumn(format.columns(), schema);
        }
        LoadPath path = LoadPath.decide(headers, table, request.contentLength());
        WhereClause where = WhereClause.compile(request.header("where"), snapshot, database.name(), table);
        return new StreamLoadContext(request, headers, format, path, database.id(), table, target, schema, where,
                () -> httpAddress(request), options, storage, txns, groupCommit, errorLogs, prepared);
    }

    /**
     * Storage has no partial-row update yet. A partial-column load that names every column is an ordinary
     * load; one that leaves columns out would overwrite them with defaults, so it is refused.
     */
    private static void requireEveryColumn(ColumnMapping mapping, LoadSchema schema) {
        if (mapping.inputFields() == null) {
            return;
        }
        for (String column : schema.names()) {
            boolean given = mapping.inputFields().stream().anyMatch(column::equalsIgnoreCase)
                    || mapping.derived().stream().anyMatch(d -> column.equalsIgnoreCase(d.target()));
            if (!given) {
                throw ErrorCode.NOT_SUPPORTED.exception("partial column update (column " + column
                        + " is not in the columns header)");
            }
        }
    }

    /** The request's own {@code Host} (what the client can reach) when it is well-formed, else this node's. */
    private String httpAddress(StreamLoadRequest request) {
        String host = request.header("host");
        if (host != null && HOST.matcher(host.strip()).matches()) {
            return host.strip();
        }
        return options.httpAddress().get();
    }

    @Override
    public TwoPhaseCommitResult twoPhaseCommit(String user, String clientHost, String database,
            Map<String, String> headers) {
        AccessDenied access = denied(catalog.snapshot(), user, clientHost);
        if (!access.privileges().hasInDatabase(Privilege.LOAD_PRIV, database)) {
            return new TwoPhaseCommitResult("Fail",
                    ErrorCode.DB_ACCESS_DENIED.format(user, clientHost, database));
        }
        return new TwoPhaseCommands(catalog, prepared).run(database, headers);
    }

    private AccessDenied denied(CatalogSnapshot snapshot, String user, String clientHost) {
        return new AccessDenied(Privileges.of(snapshot, accounts.identify(user, clientHost)), user, clientHost);
    }

    @Override
    public String loadErrorLog(String file) {
        return errorLogs.read(file);
    }

    /** Doris's {@code get_wal_size} lists WAL file counts per backend; this node is the only one. */
    @Override
    public Map<String, Long> walSizes() {
        return Map.of(options.backendHostPort(), groupCommit.walTotalCount());
    }

    @Override
    public List<String> healthProblems() {
        return health.problems();
    }

    /** Aborts the two-phase loads still waiting for a decision; close before the transaction manager. */
    @Override
    public void close() {
        prepared.abortAll();
    }
}
