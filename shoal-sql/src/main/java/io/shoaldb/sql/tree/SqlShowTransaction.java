package io.shoaldb.sql.tree;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** Doris's {@code SHOW TRANSACTION [FROM db] WHERE LABEL = 'x' | WHERE ID = n}: exactly one of label, txnId is set. */
public final class SqlShowTransaction extends DorisNode {
    private static final SqlOperator OPERATOR = operator("SHOW TRANSACTION", SqlKind.OTHER);
    private final String database;
    private final String label;
    private final Long txnId;

    public SqlShowTransaction(SqlParserPos pos, String database, String label, Long txnId) {
        super(pos, OPERATOR);
        this.database = database;
        this.label = label;
        this.txnId = txnId;
    }

    /** Nullable. */
    public String database() {
        return database;
    }

    /** Nullable when the statement filters by id. */
    public String label() {
        return label;
    }

    /** Nullable when the statement filters by label. */
    public Long txnId() {
        return txnId;
    }

    @Override
    public void unparse(SqlWriter w, int leftPrec, int rightPrec) {
        w.keyword("SHOW TRANSACTION");
        if (database != null) {
            w.keyword("FROM");
            Unparsing.identifier(w, database);
        }
        w.keyword("WHERE");
        if (label != null) {
            w.keyword("LABEL =");
            Unparsing.string(w, label);
        } else {
            w.keyword("ID =");
            w.literal(Long.toString(txnId));
        }
    }
}
