package io.shoaldb.sql.tree;

import java.util.List;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code ALTER TABLE [db.]t op, op, ...} with the operations of {@link AlterOperation}. */
public final class SqlAlterTable extends DorisNode {
    private static final SqlOperator OPERATOR = operator("ALTER TABLE", SqlKind.OTHER_DDL);
    private final String database;
    private final String table;
    private final List<AlterOperation> operations;

    public SqlAlterTable(SqlParserPos pos, String database, String table, List<AlterOperation> operations) {
        super(pos, OPERATOR);
        this.database = database;
        this.table = table;
        this.operations = List.copyOf(operations);
    }

    /** Nullable. */
    public String database() {
        return database;
    }

    public String table() {
        return table;
    }

    public List<AlterOperation> operations() {
        return operations;
    }

    @Override
    public void unparse(SqlWriter w, int leftPrec, int rightPrec) {
        w.keyword("ALTER TABLE");
        Unparsing.name(w, database, table);
        String sep = "";
        for (AlterOperation op : operations) {
            if (!sep.isEmpty()) {
                w.print(sep);
            }
            op.unparse(w);
            sep = ", ";
        }
    }
}
