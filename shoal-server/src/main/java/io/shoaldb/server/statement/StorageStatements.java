package io.shoaldb.server.statement;

import io.shoaldb.api.StatementResult;
import io.shoaldb.catalog.model.Table;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.server.session.ShoalSession;
import io.shoaldb.sql.tree.SqlShowProc;
import io.shoaldb.sql.tree.SqlShowTablets;
import io.shoaldb.sql.tree.SqlShowTransaction;
import io.shoaldb.storage.StorageStatus;
import io.shoaldb.storage.partition.DataPartition;
import io.shoaldb.txn.TransactionInfo;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Optional;

/**
 * What a user can see of storage and loads: SHOW TABLETS (each tablet's partition, path, rowsets, rows,
 * bytes, version), SHOW PROC '/backends' and '/data_partitions' (the node's data partitions and paths),
 * and SHOW TRANSACTION (a load by label or id).
 */
final class StorageStatements {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
            .withZone(ZoneOffset.UTC);

    private final ServerContext server;

    StorageStatements(ServerContext server) {
        this.server = server;
    }

    StatementResult showTablets(ShoalSession session, SqlShowTablets statement) {
        Table table = TableStatements.table(server.catalog().snapshot(),
                Names.database(session, statement.database()), statement.table());
        TextTable result = new TextTable("TabletId", "Bucket", "Partition", "Path", "Version", "RowsetCount",
                "RowCount", "DataSize", "State");
        for (StorageStatus.TableStatus status : server.storage().status().tables()) {
            if (status.tableId() != table.id()) {
                continue;
            }
            for (StorageStatus.TabletStatus tablet : status.tablets()) {
                result.row(Long.toString(tablet.tabletId()), Integer.toString(tablet.bucket()),
                        Integer.toString(tablet.partition()), tablet.path().toString(), Long.toString(tablet.version()),
                        Integer.toString(tablet.rowsetCount()), Long.toString(tablet.rows()),
                        Long.toString(tablet.bytes()), "NORMAL");
            }
        }
        return result.result();
    }

    StatementResult showProc(SqlShowProc statement) {
        String path = statement.path().replaceAll("/+$", "");
        StorageStatus status = server.storage().status();
        return switch (path) {
            case "/backends" -> {
                long tablets = status.tables().stream().mapToLong(t -> t.tablets().size()).sum();
                yield new TextTable("BackendId", "Host", "Alive", "DataPartitions", "TabletNum", "Version")
                        .row("1", "127.0.0.1", "true", Integer.toString(status.partitions().size()),
                                Long.toString(tablets), server.serverInfo().versionComment())
                        .result();
            }
            case "/data_partitions", "/backends/1" -> {
                TextTable result = new TextTable("PartitionIndex", "RootPath", "Directory", "TabletNum", "DataSize");
                for (DataPartition partition : status.partitions()) {
                    long tablets = 0;
                    long bytes = 0;
                    for (StorageStatus.TableStatus table : status.tables()) {
                        for (StorageStatus.TabletStatus tablet : table.tablets()) {
                            if (tablet.partition() == partition.index()) {
                                tablets++;
                                bytes += tablet.bytes();
                            }
                        }
                    }
                    result.row(Integer.toString(partition.index()), partition.path().toString(),
                            partition.directory().toString(), Long.toString(tablets), Long.toString(bytes));
                }
                yield result.result();
            }
            default -> throw ErrorCode.NOT_SUPPORTED.exception("SHOW PROC '" + statement.path()
                    + "' (supported: '/backends', '/data_partitions')");
        };
    }

    StatementResult showTransaction(ShoalSession session, SqlShowTransaction statement) {
        Optional<TransactionInfo> info;
        if (statement.txnId() != null) {
            info = server.txns().find(statement.txnId());
        } else {
            String database = Names.database(session, statement.database());
            long databaseId = server.catalog().snapshot().database(database)
                    .orElseThrow(() -> ErrorCode.UNKNOWN_DATABASE.exception(database)).id();
            info = server.txns().find(databaseId, statement.label());
        }
        TextTable result = new TextTable("TransactionId", "Label", "Coordinator", "TransactionStatus",
                "PrepareTime", "CommitTime", "FinishTime", "Reason");
        info.ifPresent(txn -> result.row(Long.toString(txn.txnId()), txn.label(), "FE: 127.0.0.1",
                txn.state().name(), time(txn.prepareTimeMillis()), time(txn.commitTimeMillis()),
                time(txn.finishTimeMillis()), txn.reason() == null ? "" : txn.reason()));
        return result.result();
    }

    private static String time(long millis) {
        return millis < 0 ? "NULL" : TIME.format(Instant.ofEpochMilli(millis));
    }
}
