package io.shoaldb.sql.tree;

import java.util.List;
import java.util.Map;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Writing helpers shared by the nodes' unparse methods. Strings are written the MySQL way
 * (backslash doubled, quote doubled) because the output is meant to be read back by
 * DorisSqlParser, whose lexer honours backslash escapes.
 */
final class Unparsing {
    private Unparsing() {
    }

    static String quote(String value) {
        StringBuilder b = new StringBuilder(value.length() + 2).append('\'');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\\') {
                b.append("\\\\");
            } else if (c == '\'') {
                b.append("''");
            } else {
                b.append(c);
            }
        }
        return b.append('\'').toString();
    }

    static void string(SqlWriter w, String value) {
        w.literal(quote(value));
    }

    static void identifier(SqlWriter w, String name) {
        w.identifier(name, true);
    }

    /** {@code db.name} or {@code name}, quoted as the writer's dialect quotes identifiers. */
    static void name(SqlWriter w, String database, String name) {
        List<String> parts = database == null ? List.of(name) : List.of(database, name);
        new SqlIdentifier(parts, SqlParserPos.ZERO).unparse(w, 0, 0);
    }

    static void identifierList(SqlWriter w, List<String> names) {
        SqlWriter.Frame frame = w.startList("(", ")");
        for (String n : names) {
            w.sep(",");
            identifier(w, n);
        }
        w.endList(frame);
    }

    static void properties(SqlWriter w, Map<String, String> properties) {
        SqlWriter.Frame frame = w.startList("(", ")");
        for (Map.Entry<String, String> e : properties.entrySet()) {
            w.sep(",");
            string(w, e.getKey());
            w.keyword("=");
            string(w, e.getValue());
        }
        w.endList(frame);
    }

    static void like(SqlWriter w, String pattern) {
        if (pattern != null) {
            w.keyword("LIKE");
            string(w, pattern);
        }
    }
}
