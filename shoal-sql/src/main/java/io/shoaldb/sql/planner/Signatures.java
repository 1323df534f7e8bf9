package io.shoaldb.sql.planner;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.sql.planner.ScalarFunction.Signature;
import io.shoaldb.sql.planner.ScalarFunction.Typed;
import io.shoaldb.vector.type.DataType;
import io.shoaldb.vector.type.TypeId;
import java.util.ArrayList;
import java.util.List;

/**
 * The usual shapes of function signatures: each argument is cast to what its kernel reads (text stays any
 * text type, integers are BIGINT, temporals DATE or DATETIME), so kernels have one typed loop per argument.
 */
final class Signatures {
    /** What an argument is cast to. */
    enum Arg {
        /** CHAR/VARCHAR/STRING/JSON as they are, anything else as STRING. */
        TEXT,
        /** BIGINT. */
        INTEGER,
        /** DOUBLE. */
        DOUBLE,
        /** DATE and DATETIME as they are, anything else as DATETIME (Doris reads text as a datetime). */
        TEMPORAL,
        /** DATE (a DATETIME loses its time). */
        DATE,
        /** DATETIME. */
        DATETIME
    }

    private Signatures() {
    }

    /** Arguments of the given kinds (the last kind repeats for variadic functions), a fixed result. */
    static Signature of(DataType result, Arg... kinds) {
        return types -> new Typed(coerce(types, kinds), result);
    }

    static List<DataType> coerce(List<DataType> types, Arg... kinds) {
        List<DataType> out = new ArrayList<>(types.size());
        for (int i = 0; i < types.size(); i++) {
            out.add(coerce(kinds[Math.min(i, kinds.length - 1)], types.get(i)));
        }
        return out;
    }

    static DataType coerce(Arg kind, DataType t) {
        return switch (kind) {
            case TEXT -> TypeRules.isText(t) ? t : DataType.STRING;
            case INTEGER -> DataType.BIGINT;
            case DOUBLE -> DataType.DOUBLE;
            case TEMPORAL -> TypeRules.isTemporal(t) ? t : DataType.datetime(0);
            case DATE -> DataType.DATE;
            case DATETIME -> t.id() == TypeId.DATETIME ? t : DataType.datetime(0);
        };
    }

    /** The numeric argument as it is (for ABS, ROUND ...), or an error naming the function. */
    static DataType numeric(String function, DataType t) {
        if (TypeRules.isText(t)) {
            return DataType.DOUBLE;
        }
        if (!TypeRules.isNumeric(t)) {
            throw ErrorCode.INVALID_QUERY.exception(function + " does not take " + t);
        }
        return t;
    }
}
