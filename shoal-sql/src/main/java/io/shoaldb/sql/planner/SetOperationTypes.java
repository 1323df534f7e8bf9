package io.shoaldb.sql.planner;

import io.shoaldb.vector.type.DataType;
import io.shoaldb.vector.type.TypeId;
import java.util.List;

/**
 * The type of a column of UNION / INTERSECT / EXCEPT from the types of its branches, as Doris gives it: integers
 * widen to the widest branch (INT with BIGINT is BIGINT), integers with DECIMAL to a DECIMAL holding both, any
 * FLOAT/DOUBLE makes DOUBLE, texts of one kind keep the longest length (VARCHAR(10) with VARCHAR(20) is
 * VARCHAR(20)), text with anything else is STRING, DATE with DATETIME is DATETIME.
 */
final class SetOperationTypes {
    private static final List<TypeId> INTEGERS = List.of(TypeId.TINYINT, TypeId.SMALLINT, TypeId.INT, TypeId.BIGINT,
            TypeId.LARGEINT);

    private SetOperationTypes() {
    }

    static DataType common(List<DataType> types) {
        DataType common = types.getFirst();
        for (DataType t : types.subList(1, types.size())) {
            common = common(common, t);
        }
        return common;
    }

    private static DataType common(DataType a, DataType b) {
        if (a.equals(b)) {
            return a;
        }
        if (a.id().isInteger() && b.id().isInteger()) {
            return INTEGERS.indexOf(a.id()) >= INTEGERS.indexOf(b.id()) ? a : b;
        }
        if (isVarcharLike(a) && isVarcharLike(b)) {
            return DataType.varchar(Math.max(a.length(), b.length()));
        }
        return TypeRules.commonType(List.of(a, b));
    }

    private static boolean isVarcharLike(DataType t) {
        return t.id() == TypeId.CHAR || t.id() == TypeId.VARCHAR;
    }
}
