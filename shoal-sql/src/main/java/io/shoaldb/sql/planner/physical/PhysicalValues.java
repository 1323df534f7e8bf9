package io.shoaldb.sql.planner.physical;

import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Constant rows; values are Java objects of the column types (see {@link io.shoaldb.vector.type.TypeId}). */
public record PhysicalValues(List<DataType> types, List<List<Object>> rows) implements PhysicalNode {
    public PhysicalValues {
        types = List.copyOf(types);
        List<List<Object>> copy = new ArrayList<>();
        for (List<Object> r : rows) {
            copy.add(Collections.unmodifiableList(new ArrayList<>(r)));
        }
        rows = Collections.unmodifiableList(copy);
    }

    @Override
    public List<DataType> outputTypes() {
        return types;
    }

    @Override
    public List<PhysicalNode> inputs() {
        return List.of();
    }
}
