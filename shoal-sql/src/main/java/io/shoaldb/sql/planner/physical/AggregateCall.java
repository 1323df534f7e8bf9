package io.shoaldb.sql.planner.physical;

import io.shoaldb.vector.type.DataType;
import io.shoaldb.vector.type.TypeId;
import java.util.List;

/**
 * One aggregate: {@code function} over input column {@code argument} (-1 for COUNT(*)) of type
 * {@code argumentType} (null for COUNT(*)), producing {@code resultType} (Doris's rules, see
 * {@link #resultTypeOf}). {@link #stateTypes()} is the layout of its intermediate state between PARTIAL
 * and FINAL steps.
 */
public record AggregateCall(AggregateFunction function, int argument, DataType argumentType, DataType resultType) {
    public static AggregateCall of(AggregateFunction function, int argument, DataType argumentType) {
        return new AggregateCall(function, argument, argumentType, resultTypeOf(function, argumentType));
    }

    /**
     * COUNT is BIGINT; SUM of integers BIGINT (LARGEINT for LARGEINT), of FLOAT/DOUBLE DOUBLE, of
     * DECIMAL(p,s) DECIMAL(38,s); AVG of DECIMAL(p,s) DECIMAL(38, max(s,4)), of anything else DOUBLE;
     * MIN/MAX the argument's type.
     */
    public static DataType resultTypeOf(AggregateFunction function, DataType arg) {
        return switch (function) {
            case COUNT_STAR, COUNT -> DataType.BIGINT;
            case MIN, MAX -> arg;
            case SUM -> sumType(arg);
            case AVG -> arg.id() == TypeId.DECIMAL ? DataType.decimal(38, Math.max(arg.scale(), 4)) : DataType.DOUBLE;
        };
    }

    /** The type SUM accumulates in (also AVG's running sum). */
    public static DataType sumType(DataType arg) {
        return switch (arg.id()) {
            case LARGEINT -> DataType.LARGEINT;
            case BOOLEAN, TINYINT, SMALLINT, INT, BIGINT -> DataType.BIGINT;
            case FLOAT, DOUBLE -> DataType.DOUBLE;
            case DECIMAL -> DataType.decimal(38, arg.scale());
            default -> throw new IllegalArgumentException("SUM of " + arg);
        };
    }

    /** Intermediate state columns: COUNT a BIGINT; SUM its sum type; MIN/MAX the value; AVG sum and count. */
    public List<DataType> stateTypes() {
        return switch (function) {
            case COUNT_STAR, COUNT -> List.of(DataType.BIGINT);
            case SUM -> List.of(sumType(argumentType));
            case MIN, MAX -> List.of(argumentType);
            case AVG -> List.of(sumType(argumentType), DataType.BIGINT);
        };
    }
}
