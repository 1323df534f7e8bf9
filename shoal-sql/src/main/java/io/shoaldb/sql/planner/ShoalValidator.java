package io.shoaldb.sql.planner;

import java.util.IdentityHashMap;
import java.util.Map;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.runtime.Resources;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.validate.SqlValidatorCatalogReader;
import org.apache.calcite.sql.validate.SqlValidatorException;
import org.apache.calcite.sql.validate.SqlValidatorImpl;

/**
 * Calcite's validator, remembering which resource (error kind) and node each validation error came from,
 * so {@link ValidationErrors} can map errors to MySQL codes by kind rather than by parsing message text.
 * Errors are recorded, not thrown from here: Calcite catches some of its own errors internally.
 */
final class ShoalValidator extends SqlValidatorImpl {
    record Origin(SqlNode node, Resources.ExInst<SqlValidatorException> error) {
    }

    private final Map<CalciteContextException, Origin> origins = new IdentityHashMap<>();

    ShoalValidator(SqlOperatorTable operators, SqlValidatorCatalogReader reader, RelDataTypeFactory types,
                   Config config) {
        super(operators, reader, types, config);
    }

    @Override
    public CalciteContextException newValidationError(SqlNode node, Resources.ExInst<SqlValidatorException> e) {
        CalciteContextException ex = super.newValidationError(node, e);
        origins.put(ex, new Origin(node, e));
        return ex;
    }

    Origin originOf(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            Origin o = origins.get(c);
            if (o != null) {
                return o;
            }
        }
        return null;
    }
}
