package io.shoaldb.server.infoschema;

import io.shoaldb.sql.planner.SystemColumn;
import io.shoaldb.sql.planner.SystemTable;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/** One information_schema table: its columns, and where its rows come from when a query reads it. */
record InfoTable(String name, List<SystemColumn> columns, Supplier<List<List<Object>>> source) implements SystemTable {
    /** Names, database objects and other text: long enough for any of them. */
    static final DataType TEXT = DataType.varchar(DataType.MAX_VARCHAR_LENGTH);

    InfoTable {
        columns = List.copyOf(columns);
    }

    @Override
    public List<List<Object>> rows() {
        return source.get();
    }

    /** A text column that is never NULL. */
    static SystemColumn text(String name) {
        return new SystemColumn(name, TEXT, false);
    }

    static SystemColumn nullableText(String name) {
        return new SystemColumn(name, TEXT, true);
    }

    /** A BIGINT column that may be NULL (MySQL's unsigned counters and lengths). */
    static SystemColumn number(String name) {
        return new SystemColumn(name, DataType.BIGINT, true);
    }

    static SystemColumn datetime(String name) {
        return new SystemColumn(name, DataType.datetime(0), true);
    }

    /** Rows of values as written: numbers given as int become the Long a BIGINT column holds. */
    static List<List<Object>> rows(List<Object[]> rows) {
        List<List<Object>> out = new ArrayList<>(rows.size());
        for (Object[] row : rows) {
            out.add(Arrays.stream(row).map(v -> v instanceof Integer i ? (Object) i.longValue() : v).toList());
        }
        return out;
    }
}
