package io.shoaldb.server.statement;

import io.shoaldb.catalog.model.Column;
import io.shoaldb.catalog.model.Table;
import io.shoaldb.ingest.convert.LoadSchema;
import io.shoaldb.ingest.write.WriteTarget;
import io.shoaldb.server.table.TableSchemas;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What every INSERT into a table converts against - its load schema and its column names in table order - made
 * once per version of the table rather than per statement (a 1-row INSERT spent more on building them than on
 * converting its row). An entry holds for as long as the catalog hands out the same {@link Table} and the same
 * {@link WriteTarget}; any change of the table makes new ones, and the next INSERT replaces the entry. One entry
 * per table ever inserted into (a dropped table's stays, small, until the server restarts).
 */
final class InsertSchemas {
    /** The schema an INSERT converts against. */
    record Entry(Table table, WriteTarget target, LoadSchema schema, List<String> columnNames) {
    }

    private final ConcurrentHashMap<Long, Entry> entries = new ConcurrentHashMap<>();

    Entry of(Table table, WriteTarget target) {
        Entry entry = entries.get(table.id());
        if (entry != null && entry.table() == table && entry.target() == target) {
            return entry;
        }
        Entry fresh = new Entry(table, target, TableSchemas.loadSchema(target.schema(), table),
                table.columns().stream().map(Column::name).toList());
        entries.put(table.id(), fresh);
        return fresh;
    }
}
