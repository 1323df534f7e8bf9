package io.shoaldb.server.statement;

import io.shoaldb.catalog.model.Column;
import io.shoaldb.catalog.model.Table;
import io.shoaldb.ingest.convert.ColumnMapping;
import io.shoaldb.ingest.convert.ConversionPolicy;
import io.shoaldb.ingest.convert.LoadSchema;
import io.shoaldb.ingest.convert.RowLayout;
import io.shoaldb.ingest.write.WriteTarget;
import io.shoaldb.server.table.TableSchemas;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

/**
 * What every INSERT into a table converts against - its load schema, its column names in table order, and the row
 * layout of each column list INSERTs name (which field feeds which column, the defaults converted) - made once per
 * version of the table rather than per statement (a 1-row INSERT spent more on building them than on converting
 * its row). An entry holds for as long as the catalog hands out the same {@link Table} and the same
 * {@link WriteTarget}; any change of the table makes new ones, and the next INSERT replaces the entry. One entry
 * per table ever inserted into (a dropped table's stays, small, until the server restarts).
 */
final class InsertSchemas {
    /** Column lists whose layouts an entry keeps; past that (generated SQL naming ever new lists) each INSERT makes its own. */
    private static final int MAX_LAYOUTS = 64;

    /** The schema an INSERT converts against. */
    static final class Entry {
        private final Table table;
        private final WriteTarget target;
        private final LoadSchema schema;
        private final List<String> columnNames;
        private final ConcurrentHashMap<LayoutKey, RowLayout> layouts = new ConcurrentHashMap<>();

        private Entry(Table table, WriteTarget target, LoadSchema schema, List<String> columnNames) {
            this.table = table;
            this.target = target;
            this.schema = schema;
            this.columnNames = columnNames;
        }

        /** The table's column names in table order: the fields of an INSERT without a column list. */
        List<String> columnNames() {
            return columnNames;
        }

        /**
         * The layout of rows that give {@code columns} (null: all, in table order) under {@code enable_insert_strict}
         * = {@code strict}; {@code check} validates a column list the first time it is seen (it throws the
         * statement's error) and returns the columns the rows give.
         */
        RowLayout layout(List<String> columns, boolean strict, UnaryOperator<List<String>> check) {
            LayoutKey key = new LayoutKey(columns, strict);
            RowLayout layout = layouts.get(key);
            if (layout != null) {
                return layout;
            }
            List<String> fields = columns == null ? columnNames : check.apply(columns);
            layout = new RowLayout(schema, ColumnMapping.of(fields), ConversionPolicy.insert(strict));
            if (layouts.size() < MAX_LAYOUTS) {
                layouts.putIfAbsent(key, layout);
            }
            return layout;
        }
    }

    /** A column list (null: none) and strictness; its hash is made once, from the names' cached hashes. */
    private static final class LayoutKey {
        private final List<String> columns;
        private final boolean strict;
        private final int hash;

        LayoutKey(List<String> columns, boolean strict) {
            this.columns = columns;
            this.strict = strict;
            int h = strict ? 1 : 0;
            if (columns != null) {
                for (int i = 0; i < columns.size(); i++) {
                    h = 31 * h + columns.get(i).hashCode();
                }
            }
            hash = h;
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof LayoutKey other && hash == other.hash && strict == other.strict
                    && sameNames(columns, other.columns);
        }

        private static boolean sameNames(List<String> a, List<String> b) {
            if (a == b) {
                return true;
            }
            if (a == null || b == null || a.size() != b.size()) {
                return false;
            }
            for (int i = 0; i < a.size(); i++) {
                if (!a.get(i).equals(b.get(i))) {
                    return false;
                }
            }
            return true;
        }
    }

    private final ConcurrentHashMap<Long, Entry> entries = new ConcurrentHashMap<>();

    Entry of(Table table, WriteTarget target) {
        Entry entry = entries.get(table.id());
        if (entry != null && entry.table == table && entry.target == target) {
            return entry;
        }
        Entry fresh = new Entry(table, target, TableSchemas.loadSchema(target.schema(), table),
                table.columns().stream().map(Column::name).toList());
        entries.put(table.id(), fresh);
        return fresh;
    }
}
