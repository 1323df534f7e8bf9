package io.shoaldb.server.statement;

import io.shoaldb.api.ResultColumn;
import io.shoaldb.api.RowListResult;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

/** Builds the small all-text result sets of SHOW statements. */
final class TextTable {
    private final List<ResultColumn> columns;
    private final List<List<Object>> rows = new ArrayList<>();

    TextTable(String... columnNames) {
        this.columns = Arrays.stream(columnNames)
                .map(name -> ResultColumn.of(name, DataType.varchar(DataType.MAX_VARCHAR_LENGTH)))
                .toList();
    }

    TextTable row(Object... values) {
        rows.add(Arrays.asList(values));
        return this;
    }

    RowListResult result() {
        return new RowListResult(columns, rows);
    }

    /** The rows whose first column passes the filter (SHOW ... LIKE). */
    RowListResult resultWhereFirstColumn(Predicate<String> keep) {
        return new RowListResult(columns, rows.stream().filter(row -> keep.test(String.valueOf(row.get(0)))).toList());
    }

    List<ResultColumn> columns() {
        return columns;
    }
}
