package io.shoaldb.sql.planner;

import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Calcite's type limits set to Doris's: DECIMAL up to 38 digits, DATETIME up to microseconds; the values of
 * CASE with text of different lengths are VARCHAR.
 */
final class ShoalTypeSystem extends RelDataTypeSystemImpl {
    static final ShoalTypeSystem INSTANCE = new ShoalTypeSystem();

    private ShoalTypeSystem() {
    }

    @Override
    public int getMaxPrecision(SqlTypeName typeName) {
        return switch (typeName) {
            case DECIMAL -> 38;
            case TIMESTAMP, TIME -> 6;
            default -> super.getMaxPrecision(typeName);
        };
    }

    /** CASE 'big' ... 'small' is a VARCHAR, as in Doris, not a CHAR(5) that pads 'big' with spaces. */
    @Override
    public boolean shouldConvertRaggedUnionTypesToVarying() {
        return true;
    }

    @Override
    public int getMaxScale(SqlTypeName typeName) {
        return typeName == SqlTypeName.DECIMAL ? 38 : super.getMaxScale(typeName);
    }
}
