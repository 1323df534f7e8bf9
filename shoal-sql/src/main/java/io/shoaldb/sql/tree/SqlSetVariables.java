package io.shoaldb.sql.tree;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code SET [GLOBAL|SESSION|LOCAL] name = value, @@[global.|session.]name := value, ...}.
 *
 * <p>Values are Calcite expressions, with three conventions: a bare word ({@code async_mode},
 * {@code ON}, {@code OFF}) is a {@link SqlIdentifier} whose simple name is the word as written;
 * {@code DEFAULT} is Calcite's DEFAULT call ({@link #isDefault}); {@code NULL} is the NULL literal.
 */
public final class SqlSetVariables extends DorisNode {
    /** Where an assignment lands; LOCAL and an unqualified name mean SESSION, as in MySQL. */
    public enum Scope {
        SESSION,
        GLOBAL
    }

    /** One {@code name = value}; {@code name} is lower-cased (MySQL variable names are case-insensitive). */
    public record Assignment(Scope scope, String name, SqlNode value) {
    }

    private static final SqlOperator OPERATOR = operator("SET", SqlKind.OTHER);
    private final List<Assignment> assignments;

    public SqlSetVariables(SqlParserPos pos, List<Assignment> assignments) {
        super(pos, OPERATOR);
        this.assignments = List.copyOf(assignments);
    }

    public List<Assignment> assignments() {
        return assignments;
    }

    /** Whether a value is the keyword DEFAULT (reset the variable to its default). */
    public static boolean isDefault(SqlNode value) {
        return value != null && value.getKind() == SqlKind.DEFAULT;
    }

    /** The word of a bare-word value ({@code SET x = async_mode}), or null if the value is not one. */
    public static String bareWord(SqlNode value) {
        return value instanceof SqlIdentifier id && id.isSimple() ? id.getSimple() : null;
    }

    @Override
    public List<SqlNode> getOperandList() {
        List<SqlNode> values = new ArrayList<>(assignments.size());
        for (Assignment a : assignments) {
            values.add(a.value());
        }
        return values;
    }

    @Override
    public void unparse(SqlWriter w, int leftPrec, int rightPrec) {
        w.keyword("SET");
        SqlWriter.Frame frame = w.startList("", "");
        for (Assignment a : assignments) {
            w.sep(",");
            w.keyword(a.scope().name());
            Unparsing.identifier(w, a.name());
            w.keyword("=");
            if (isDefault(a.value())) {
                w.keyword("DEFAULT");
            } else {
                a.value().unparse(w, 0, 0);
            }
        }
        w.endList(frame);
    }
}
