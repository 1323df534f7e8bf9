package io.shoaldb.sql.tree;

import io.shoaldb.vector.type.DataType;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * One column of CREATE TABLE / ALTER TABLE ADD|MODIFY COLUMN. The type is already resolved to a
 * ShoalDB {@link DataType} by the parser, so a bad type fails at parse time with its own error code.
 */
public final class SqlColumnDefinition extends DorisNode {
    private static final SqlOperator OPERATOR = operator("COLUMN", SqlKind.OTHER);
    private final String name;
    private final DataType type;
    private final AggregationType aggregation;
    private final Boolean nullable;
    private final SqlColumnDefault defaultValue;
    private final String comment;

    public SqlColumnDefinition(SqlParserPos pos, String name, DataType type, AggregationType aggregation,
            Boolean nullable, SqlColumnDefault defaultValue, String comment) {
        super(pos, OPERATOR);
        this.name = name;
        this.type = type;
        this.aggregation = aggregation;
        this.nullable = nullable;
        this.defaultValue = defaultValue;
        this.comment = comment;
    }

    public String name() {
        return name;
    }

    public DataType type() {
        return type;
    }

    /** Nullable: key columns and non-AGGREGATE tables have none. */
    public AggregationType aggregation() {
        return aggregation;
    }

    /** Null when the statement says neither NULL nor NOT NULL (the catalog applies Doris's default). */
    public Boolean nullable() {
        return nullable;
    }

    /** Nullable. */
    public SqlColumnDefault defaultValue() {
        return defaultValue;
    }

    /** Nullable. */
    public String comment() {
        return comment;
    }

    @Override
    public void unparse(SqlWriter w, int leftPrec, int rightPrec) {
        Unparsing.identifier(w, name);
        w.keyword(type.toSql());
        if (aggregation != null) {
            w.keyword(aggregation.name());
        }
        if (nullable != null) {
            w.keyword(nullable ? "NULL" : "NOT NULL");
        }
        if (defaultValue != null) {
            defaultValue.unparse(w);
        }
        if (comment != null) {
            w.keyword("COMMENT");
            Unparsing.string(w, comment);
        }
    }
}
