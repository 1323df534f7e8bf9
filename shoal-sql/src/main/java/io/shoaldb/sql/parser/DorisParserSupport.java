package io.shoaldb.sql.parser;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.sql.tree.SqlSetVariables;
import io.shoaldb.sql.tree.SqlShowTransaction;
import io.shoaldb.sql.tree.SqlSystemVariable;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Java side of the grammar actions in parserImpls.ftl. Public only because the generated parser
 * lives in the impl package; not an API for other modules.
 */
public final class DorisParserSupport {
    private DorisParserSupport() {
    }

    /** An object name: {@code name} or {@code db.name}; database is null when unqualified. */
    public record Name(String database, String name) {
    }

    public static Name name(SqlIdentifier id) {
        if (id.isStar() || id.names.size() > 2) {
            throw new DorisSyntaxException(id.getParserPosition(), "expected name or db.name");
        }
        return id.names.size() == 1
                ? new Name(null, id.names.get(0))
                : new Name(id.names.get(0), id.names.get(1));
    }

    /** Column names of a parenthesised list, or null when the list is absent. */
    public static List<String> names(SqlNodeList list) {
        if (list == null) {
            return null;
        }
        List<String> names = new ArrayList<>(list.size());
        for (SqlNode n : list) {
            names.add(((SqlIdentifier) n).getSimple());
        }
        return names;
    }

    public static DataType resolveType(String word, List<Integer> params) {
        return DorisTypes.resolve(word, params);
    }

    public static Integer buckets(int n, SqlParserPos pos) {
        if (n < 1) {
            throw ErrorCode.INVALID_TABLE_DEFINITION.exception("BUCKETS must be at least 1, got " + n);
        }
        return n;
    }

    public static ShoalException notSupported(String what) {
        return ErrorCode.NOT_SUPPORTED.exception(what);
    }

    /** {@code NAMES charset [COLLATE collation]} inside a SET list, as the assignments MySQL defines it to be. */
    public static List<SqlSetVariables.Assignment> namesAssignments(String charset, String collation,
            SqlParserPos pos) {
        SqlNode value = charset == null ? SqlStdOperatorTable.DEFAULT.createCall(pos)
                : SqlLiteral.createCharString(charset, pos);
        List<SqlSetVariables.Assignment> assignments = new ArrayList<>();
        for (String variable : List.of("character_set_client", "character_set_connection", "character_set_results")) {
            assignments.add(new SqlSetVariables.Assignment(SqlSetVariables.Scope.SESSION, variable, value));
        }
        if (collation != null) {
            assignments.add(new SqlSetVariables.Assignment(SqlSetVariables.Scope.SESSION, "collation_connection",
                    SqlLiteral.createCharString(collation, pos)));
        }
        return assignments;
    }

    public static SqlSystemVariable systemVariable(String text, SqlParserPos pos) {
        SqlSystemVariable v = SqlSystemVariable.of(text, pos);
        if (v.name().isEmpty() || v.name().startsWith(".") || v.name().endsWith(".")) {
            throw new DorisSyntaxException(pos, "bad system variable " + text);
        }
        return v;
    }

    /** {@code WHERE LABEL = 'x'} or {@code WHERE ID = n}; exactly one of text, number is non-null. */
    public static SqlShowTransaction showTransaction(SqlParserPos pos, String database, String key, String text,
            String number) {
        switch (key.toUpperCase(Locale.ROOT)) {
            case "LABEL" -> {
                return new SqlShowTransaction(pos, database, text != null ? text : number, null);
            }
            case "ID" -> {
                String digits = number != null ? number : text;
                try {
                    return new SqlShowTransaction(pos, database, null, Long.parseLong(digits.trim()));
                } catch (NumberFormatException e) {
                    throw new DorisSyntaxException(pos, "transaction id must be a number");
                }
            }
            default -> throw new DorisSyntaxException(pos, "expected WHERE LABEL = ... or WHERE ID = ...");
        }
    }
}
