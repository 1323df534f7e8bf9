package io.shoaldb.server.statement;

import io.shoaldb.api.StatementResult;
import io.shoaldb.api.UpdateResult;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.server.expression.ConstantEvaluator;
import io.shoaldb.server.expression.LikeMatcher;
import io.shoaldb.server.expression.Value;
import io.shoaldb.server.session.ShoalSession;
import io.shoaldb.server.variable.VariableDefinition;
import io.shoaldb.sql.tree.SqlSetNames;
import io.shoaldb.sql.tree.SqlSetVariables;
import io.shoaldb.sql.tree.SqlShowVariables;
import java.math.BigDecimal;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;

/** SET, SET NAMES and SHOW VARIABLES. */
final class VariableStatements {
    private static final Set<String> CHARSETS = Set.of("utf8", "utf8mb4", "utf8mb3", "latin1", "ascii", "binary");

    private final ServerContext server;

    VariableStatements(ServerContext server) {
        this.server = server;
    }

    StatementResult set(ShoalSession session, SqlSetVariables statement) {
        // Validate every assignment before applying any, so a bad one changes nothing.
        ConstantEvaluator evaluator = new ConstantEvaluator(new SessionEvaluationContext(session, server));
        for (SqlSetVariables.Assignment assignment : statement.assignments()) {
            VariableDefinition definition = server.globals().registry().get(assignment.name());
            if (!isDefault(assignment.value())) {
                definition.normalise(text(evaluator, assignment.value()));
            }
        }
        for (SqlSetVariables.Assignment assignment : statement.assignments()) {
            boolean global = assignment.scope() == SqlSetVariables.Scope.GLOBAL;
            if (isDefault(assignment.value())) {
                String name = assignment.name();
                if (global) {
                    server.globals().set(name, server.globals().registry().get(name).defaultValue());
                } else {
                    session.variables().setDefault(name);
                }
                continue;
            }
            String value = text(evaluator, assignment.value());
            if (global) {
                server.globals().set(assignment.name(), value);
            } else {
                session.variables().set(assignment.name(), value);
            }
        }
        return UpdateResult.OK;
    }

    private static boolean isDefault(SqlNode value) {
        return value.getKind() == SqlKind.DEFAULT;
    }

    /** The text a SET assigns: a bare word ({@code SET group_commit = async_mode}) stands for itself. */
    private static String text(ConstantEvaluator evaluator, SqlNode value) {
        if (value instanceof SqlIdentifier identifier && identifier.isSimple()) {
            return identifier.getSimple();
        }
        Value evaluated = evaluator.evaluate(value);
        return switch (evaluated.value()) {
            case null -> null;
            case BigDecimal decimal -> decimal.toPlainString();
            default -> evaluated.value().toString();
        };
    }

    StatementResult setNames(ShoalSession session, SqlSetNames statement) {
        String charset = statement.charset() == null ? "utf8mb4" : statement.charset().toLowerCase(Locale.ROOT);
        if (!CHARSETS.contains(charset)) {
            throw ErrorCode.UNKNOWN_CHARACTER_SET.exception(statement.charset());
        }
        session.variables().set("character_set_client", charset);
        session.variables().set("character_set_connection", charset);
        session.variables().set("character_set_results", charset);
        if (statement.collation() != null) {
            session.variables().set("collation_connection", statement.collation());
        }
        return UpdateResult.OK;
    }

    StatementResult show(ShoalSession session, SqlShowVariables statement) {
        Predicate<String> like = LikeMatcher.compile(statement.likePattern(), true);
        TextTable result = new TextTable("Variable_name", "Value", "Default_Value", "Changed");
        for (VariableDefinition definition : server.globals().registry().all()) {
            String name = definition.name();
            String value = statement.global() ? server.globals().get(name) : session.variables().get(name);
            String changed = Objects.equals(value, definition.defaultValue()) ? "0" : "1";
            if (like.test(name) && matchesWhere(session, statement.where(), name, value)) {
                result.row(name, value == null ? "" : value, definition.defaultValue(), changed);
            }
        }
        return result.result();
    }

    private boolean matchesWhere(ShoalSession session, SqlNode where, String name, String value) {
        if (where == null) {
            return true;
        }
        SessionEvaluationContext row = new SessionEvaluationContext(session, server) {
            @Override
            public Value column(String column) {
                return switch (column.toLowerCase(Locale.ROOT)) {
                    case "variable_name" -> Value.ofString(name);
                    case "value" -> Value.ofString(value);
                    default -> super.column(column);
                };
            }
        };
        return ConstantEvaluator.isTrue(new ConstantEvaluator(row).evaluate(where));
    }
}
