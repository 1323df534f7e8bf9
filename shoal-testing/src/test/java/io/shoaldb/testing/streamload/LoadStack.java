package io.shoaldb.testing.streamload;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.shoaldb.catalog.Catalog;
import io.shoaldb.catalog.CatalogOptions;
import io.shoaldb.catalog.model.ColumnDefinition;
import io.shoaldb.catalog.model.Distribution;
import io.shoaldb.catalog.model.Table;
import io.shoaldb.catalog.model.TableDefinition;
import io.shoaldb.common.io.FilesFacade;
import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.ingest.groupcommit.GroupCommitManager;
import io.shoaldb.ingest.groupcommit.GroupCommitOptions;
import io.shoaldb.protocol.http.HttpMetrics;
import io.shoaldb.protocol.http.HttpServer;
import io.shoaldb.protocol.http.HttpServerOptions;
import io.shoaldb.server.auth.AccountAuthenticator;
import io.shoaldb.server.auth.AdminAccess;
import io.shoaldb.server.auth.BuiltinAccounts;
import io.shoaldb.server.streamload.StreamLoadOptions;
import io.shoaldb.server.streamload.StreamLoadService;
import io.shoaldb.server.table.LiteralDefaults;
import io.shoaldb.server.table.TableLifecycle;
import io.shoaldb.server.vault.VaultStores;
import io.shoaldb.storage.StorageEngine;
import io.shoaldb.storage.StorageOptions;
import io.shoaldb.storage.partition.DataPartitions;
import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.txn.TransactionManager;
import io.shoaldb.txn.TxnOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * The real load stack on a test directory - catalog, storage, transactions, group commit, the Stream Load
 * service and the HTTP front door on ephemeral ports - assembled here until ShoalServer opens its HTTP port
 * (then {@link ServerWiringTest} covers the same through TestServer). Tables are created through the
 * catalog's API, rows are counted from the committed rowsets.
 */
final class LoadStack implements AutoCloseable {
    static final String DB = "db";

    private final Deque<AutoCloseable> opened = new ArrayDeque<>();
    final Catalog catalog;
    final TransactionManager txns;
    final TableLifecycle tables;
    final GroupCommitManager groupCommit;
    final StreamLoadService loads;
    final HttpServer http;
    final Path dir;

    LoadStack(Path dir, long groupCommitBufferBytes, long maxBodyMb) {
        this.dir = dir;
        FilesFacade files = new LocalFiles();
        List<Path> storagePaths = List.of(dir.resolve("data"));
        DataPartitions partitions = DataPartitions.open(files, storagePaths, 1, 1L << 30, 2);
        catalog = Catalog.open(files, dir.resolve("meta/catalog"), CatalogOptions.defaults().withPartitionCount(1));
        opened.push(catalog);
        StorageEngine storage = new StorageEngine(files, partitions, StorageOptions.DEFAULT);
        txns = TransactionManager.open(files, dir.resolve("meta/txn"), storage, TxnOptions.defaults());
        opened.push(txns);
        groupCommit = new GroupCommitManager(files, List.of(dir.resolve("data/wal")), storage, txns,
                GroupCommitOptions.defaults());
        opened.push(groupCommit);
        tables = new TableLifecycle(catalog, storage, txns, groupCommit, new LiteralDefaults(),
                new VaultStores(new VaultStores.CacheSettings(List.of(dir.resolve("data")), 1L << 30, 1 << 20, 4)));
        tables.recover();
        groupCommit.setTargetResolver((db, id) -> catalog.snapshot().tableById(id).map(tables::writeTarget).orElse(null));
        groupCommit.replay();
        HttpServer[] holder = new HttpServer[1];
        StreamLoadOptions options = StreamLoadOptions.defaults(dir.resolve("data/error_log"),
                () -> "127.0.0.1:" + holder[0].port(1), "127.0.0.1:9050")
                .withGroupCommitBufferBytes(groupCommitBufferBytes);
        AccountAuthenticator accounts = new AccountAuthenticator(catalog);
        BuiltinAccounts.createIfAbsent(catalog, "");
        loads = new StreamLoadService(catalog, accounts, tables, storage, txns, groupCommit, options);
        opened.push(loads);
        http = new HttpServer(new HttpServerOptions("127.0.0.1", List.of(0, 0), maxBodyMb, false),
                accounts, new AdminAccess(catalog, accounts), loads, new HttpMetrics(new PrometheusMeterRegistry(PrometheusConfig.DEFAULT)));
        holder[0] = http;
        http.start();
        opened.push(http);
        catalog.createDatabase(DB, true);
    }

    LoadStack(Path dir) {
        this(dir, StreamLoadOptions.DEFAULT_GROUP_COMMIT_BUFFER_BYTES, HttpServerOptions.DEFAULT_STREAMING_LOAD_MAX_MB);
    }

    int port() {
        return http.port(0);
    }

    String url(String table) {
        return "http://127.0.0.1:" + port() + "/api/" + DB + "/" + table + "/_stream_load";
    }

    Table createTable(String name, List<ColumnDefinition> columns, Map<String, String> properties) {
        return tables.create(new TableDefinition(DB, name, columns, null, null, null,
                Distribution.hash(List.of(columns.getFirst().name()), 2), properties, null), false);
    }

    Table table(String name) {
        return catalog.snapshot().table(DB, name).orElseThrow();
    }

    /** Rows committed and visible in the table (every version's rowsets). */
    long rows(String name) {
        return txns.visibleRowsets(table(name).id()).values().stream().flatMap(List::stream)
                .mapToLong(RowsetMeta::rowCount).sum();
    }

    /** Waits (without sleeping) until every group-commit batch of the table queued so far is visible. */
    void awaitVisible(String name) {
        groupCommit.awaitVisible(table(name).id());
    }

    @Override
    public void close() throws IOException {
        while (!opened.isEmpty()) {
            try {
                opened.pop().close();
            } catch (Exception e) {
                throw new IOException(e);
            }
        }
    }
}
