package io.shoaldb.sql.tree;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Base of ShoalDB's own nodes. They are SqlCalls (not bare SqlNodes) so Calcite's visitors and
 * shuttles walk over them; the operator only names the statement, since nothing here is ever
 * validated or converted by Calcite itself. Subclasses expose plain Java values through accessors
 * and list as operands only the Calcite sub-trees they hold (a query, a WHERE expression).
 */
public abstract class DorisNode extends SqlCall {
    private final SqlOperator operator;

    protected DorisNode(SqlParserPos pos, SqlOperator operator) {
        super(pos);
        this.operator = operator;
    }

    /** A naming operator for a node class; DDL statements get {@link SqlKind#OTHER_DDL}. */
    protected static SqlOperator operator(String name, SqlKind kind) {
        return new SqlSpecialOperator(name, kind);
    }

    @Override
    public SqlOperator getOperator() {
        return operator;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return List.of();
    }
}
