package io.shoaldb.api;

import java.util.List;

/** A small result set held in memory: SHOW output, constant SELECTs. */
public final class RowListResult implements QueryResult {
    private final List<ResultColumn> columns;
    private final List<List<Object>> rows;
    private int position = -1;

    public RowListResult(List<ResultColumn> columns, List<List<Object>> rows) {
        this.columns = List.copyOf(columns);
        this.rows = rows;
        for (List<Object> row : rows) {
            if (row.size() != columns.size()) {
                throw new IllegalArgumentException("row has " + row.size() + " values for " + columns.size() + " columns");
            }
        }
    }

    @Override
    public List<ResultColumn> columns() {
        return columns;
    }

    @Override
    public boolean next() {
        if (position + 1 >= rows.size()) {
            position = rows.size();
            return false;
        }
        position++;
        return true;
    }

    @Override
    public Object get(int index) {
        return rows.get(position).get(index);
    }

    @Override
    public void close() {
        position = rows.size();
    }
}
