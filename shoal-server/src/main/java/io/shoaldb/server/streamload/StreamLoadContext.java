package io.shoaldb.server.streamload;

import io.shoaldb.api.StreamLoadRequest;
import io.shoaldb.catalog.model.Table;
import io.shoaldb.ingest.convert.LoadSchema;
import io.shoaldb.ingest.format.LoadOptions;
import io.shoaldb.ingest.groupcommit.GroupCommitManager;
import io.shoaldb.ingest.write.WriteTarget;
import io.shoaldb.storage.StorageEngine;
import io.shoaldb.txn.TransactionManager;
import java.util.function.Supplier;

/**
 * What one Stream Load was resolved to before its body is read, plus the node's components it uses.
 *
 * @param where the {@code where} header's condition, or null
 * @param httpAddress {@code host:port} for the {@code ErrorURL}, worked out only for a load that has one
 */
record StreamLoadContext(StreamLoadRequest request, LoadHeaders headers, LoadOptions format, LoadPath path,
        long databaseId, Table table, WriteTarget target, LoadSchema schema, WhereClause where, Supplier<String> httpAddress,
        StreamLoadOptions options, StorageEngine storage, TransactionManager txns, GroupCommitManager groupCommit,
        ErrorLogStore errorLogs, PreparedLoads prepared) {
}
