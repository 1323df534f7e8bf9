package io.shoaldb.sql.tree;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code SET NAMES cs [COLLATE coll]}, {@code SET CHARACTER SET cs}, {@code SET CHARSET cs}. */
public final class SqlSetNames extends DorisNode {
    private static final SqlOperator OPERATOR = operator("SET NAMES", SqlKind.OTHER);
    private final String charset;
    private final String collation;

    public SqlSetNames(SqlParserPos pos, String charset, String collation) {
        super(pos, OPERATOR);
        this.charset = charset;
        this.collation = collation;
    }

    /** As written; null for DEFAULT. */
    public String charset() {
        return charset;
    }

    /** Nullable; as written. */
    public String collation() {
        return collation;
    }

    @Override
    public void unparse(SqlWriter w, int leftPrec, int rightPrec) {
        w.keyword("SET NAMES");
        if (charset == null) {
            w.keyword("DEFAULT");
        } else {
            Unparsing.string(w, charset);
        }
        if (collation != null) {
            w.keyword("COLLATE");
            Unparsing.string(w, collation);
        }
    }
}
