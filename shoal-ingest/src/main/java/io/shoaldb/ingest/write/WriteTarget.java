package io.shoaldb.ingest.write;

import io.shoaldb.storage.tablet.BucketRouter;
import io.shoaldb.storage.tablet.TabletPlacement;
import io.shoaldb.storage.tablet.TabletSchema;
import java.util.List;

/**
 * Everything a load needs to know about the table it writes, resolved once from the catalog by the
 * frontend so that the load path never looks at SQL or the catalog.
 *
 * @param databaseId the database (labels are unique per database)
 * @param tableId the table
 * @param tableName the name, for error messages
 * @param schema the storage schema; batches handed to a load have exactly these columns in this order
 * @param tablets the table's tablets in bucket order
 * @param router routes rows to buckets by the distribution columns
 */
public record WriteTarget(long databaseId, long tableId, String tableName, TabletSchema schema,
        List<TabletPlacement> tablets, BucketRouter router) {
    public WriteTarget {
        tablets = List.copyOf(tablets);
        if (router.bucketCount() != tablets.size()) {
            throw new IllegalArgumentException("table " + tableName + " has " + tablets.size()
                    + " tablets but routes to " + router.bucketCount() + " buckets");
        }
    }
}
