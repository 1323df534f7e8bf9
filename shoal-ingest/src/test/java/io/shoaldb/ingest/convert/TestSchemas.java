package io.shoaldb.ingest.convert;

import io.shoaldb.storage.segment.SegmentColumn;
import io.shoaldb.storage.tablet.KeysModel;
import io.shoaldb.storage.tablet.TabletSchema;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Builds load schemas for tests: {@code col("k1", INT, false, null)}. */
public final class TestSchemas {
    public record Col(String name, DataType type, boolean nullable, Object defaultValue) {
    }

    public static Col col(String name, DataType type, boolean nullable, Object defaultValue) {
        return new Col(name, type, nullable, defaultValue);
    }

    public static Col col(String name, DataType type) {
        return new Col(name, type, true, null);
    }

    public static LoadSchema schema(Col... cols) {
        List<SegmentColumn> columns = new ArrayList<>();
        List<Object> defaults = new ArrayList<>();
        for (int i = 0; i < cols.length; i++) {
            columns.add(new SegmentColumn(i + 1, cols[i].type()));
            defaults.add(cols[i].defaultValue());
        }
        TabletSchema tablet = new TabletSchema(columns, 1, KeysModel.DUPLICATE, null, -1, defaults);
        return new LoadSchema(tablet, Arrays.stream(cols).map(Col::name).toList(),
                Arrays.stream(cols).map(Col::nullable).toList());
    }

    /** The batch as rows of Java objects. */
    public static List<List<Object>> rows(Batch batch) {
        List<List<Object>> out = new ArrayList<>();
        for (int r = 0; r < batch.rowCount(); r++) {
            List<Object> row = new ArrayList<>();
            for (int c = 0; c < batch.columnCount(); c++) {
                row.add(batch.column(c).isNull(r) ? null : batch.column(c).getObject(r));
            }
            out.add(row);
        }
        return out;
    }

    private TestSchemas() {
    }
}
