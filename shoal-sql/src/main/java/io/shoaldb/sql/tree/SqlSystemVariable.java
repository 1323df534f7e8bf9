package io.shoaldb.sql.tree;

import java.util.Locale;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.Litmus;

/**
 * A MySQL system-variable reference in an expression: {@code @@name}, {@code @@session.name},
 * {@code @@local.name} (= SESSION) or {@code @@global.name}. It is a zero-operand call so Calcite's
 * shuttles pass over it; the executor substitutes the value before validation.
 */
public final class SqlSystemVariable extends DorisNode {
    /** The scope as written; DEFAULT ({@code @@name}) reads the session value, falling back to global. */
    public enum Scope {
        SESSION,
        GLOBAL,
        DEFAULT
    }

    private static final SqlOperator OPERATOR = operator("@@", SqlKind.OTHER);
    private final Scope scope;
    private final String name;
    private final String originalText;

    public SqlSystemVariable(SqlParserPos pos, Scope scope, String name, String originalText) {
        super(pos, OPERATOR);
        this.scope = scope;
        this.name = name.toLowerCase(Locale.ROOT);
        this.originalText = originalText;
    }

    /** Parses the token text {@code @@[scope.]name}. */
    public static SqlSystemVariable of(String text, SqlParserPos pos) {
        String body = text.startsWith("@@") ? text.substring(2) : text;
        int dot = body.indexOf('.');
        Scope scope = Scope.DEFAULT;
        String name = body;
        if (dot > 0) {
            String prefix = body.substring(0, dot).toLowerCase(Locale.ROOT);
            scope = switch (prefix) {
                case "session", "local" -> Scope.SESSION;
                case "global" -> Scope.GLOBAL;
                default -> null;
            };
            if (scope == null) {
                // Not a scope prefix (a dotted name): keep the whole text as the name.
                scope = Scope.DEFAULT;
            } else {
                name = body.substring(dot + 1);
            }
        }
        return new SqlSystemVariable(pos, scope, name, text);
    }

    public Scope scope() {
        return scope;
    }

    /** Lower-cased, without the scope prefix. */
    public String name() {
        return name;
    }

    /** The reference exactly as written, e.g. {@code @@session.auto_increment_increment}. */
    public String originalText() {
        return originalText;
    }

    /** The column label MySQL gives a select item that is this reference without an alias. */
    public String label() {
        return originalText;
    }

    /** Calcite's default clone rebuilds a call from operator and operands, which would lose the name. */
    @Override
    public SqlSystemVariable clone(SqlParserPos pos) {
        return new SqlSystemVariable(pos, scope, name, originalText);
    }

    /** All references share one operator and have no operands, so the default would call any two equal. */
    @Override
    public boolean equalsDeep(SqlNode node, Litmus litmus) {
        if (node instanceof SqlSystemVariable v && v.scope == scope && v.name.equals(name)) {
            return litmus.succeed();
        }
        return litmus.fail("{} != {}", this, node);
    }

    @Override
    public void unparse(SqlWriter w, int leftPrec, int rightPrec) {
        String prefix = switch (scope) {
            case SESSION -> "@@session.";
            case GLOBAL -> "@@global.";
            case DEFAULT -> "@@";
        };
        w.literal(prefix + name);
    }
}
