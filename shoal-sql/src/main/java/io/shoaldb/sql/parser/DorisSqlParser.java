package io.shoaldb.sql.parser;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.sql.tree.SqlDorisInsert;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.sql.parser.impl.DorisSqlParserImpl;
import org.apache.calcite.config.Lex;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.apache.calcite.sql.validate.SqlDelegatingConformance;

/**
 * Entry point: parses one Doris-dialect statement into a Calcite {@link SqlNode} (Calcite's own
 * nodes for queries, {@code io.shoaldb.sql.tree} nodes for everything else).
 *
 * <p>Thread-safe: every call builds its own generated parser (they are cheap and not shareable).
 * Every failure is a {@link ShoalException}: SYNTAX_ERROR (MySQL 1064, with MySQL's "near '...' at
 * line L" plus the column), EMPTY_QUERY, UNKNOWN_TYPE / INVALID_TYPE for column types, NOT_SUPPORTED.
 */
public final class DorisSqlParser {
    /** Longest excerpt quoted after "near", as MySQL does. */
    private static final int NEAR_TEXT_LIMIT = 80;

    /**
     * MySQL's lexical conventions (backticks, case-insensitive names kept as written) and conformance (LIMIT m,n),
     * plus Doris's MINUS for EXCEPT.
     */
    public static final SqlParser.Config CONFIG = SqlParser.config()
            .withLex(Lex.MYSQL)
            .withConformance(new SqlDelegatingConformance(SqlConformanceEnum.MYSQL_5) {
                @Override
                public boolean isMinusAllowed() {
                    return true;
                }
            })
            .withParserFactory(DorisSqlParserImpl.FACTORY);

    private DorisSqlParser() {
    }

    public static SqlNode parse(String sql) {
        if (sql == null) {
            throw ErrorCode.EMPTY_QUERY.exception();
        }
        SqlDorisInsert literalInsert = LiteralInsertParser.tryParse(sql);
        if (literalInsert != null) {
            return literalInsert;
        }
        SqlNode account = AccountStatementParser.tryParse(sql);
        if (account != null) {
            return account;
        }
        SqlNode vault = VaultStatementParser.tryParse(sql);
        return vault != null ? vault : parseFully(sql);
    }

    /**
     * The statement's text without its secrets, for logs: CREATE / ALTER USER ... IDENTIFIED BY and SET PASSWORD
     * show no password, CREATE STORAGE VAULT no secret key; every other statement is returned as it is.
     */
    public static String redactSecrets(String sql) {
        return sql == null ? null : VaultStatementParser.redactSecretKeys(AccountStatementParser.redactPasswords(sql));
    }

    /** The full Calcite-based parse, bypassing the literal-INSERT fast path (which tests compare it with). */
    static SqlNode parseFully(String sql) {
        NormalizedSql normalized;
        try {
            normalized = WithRollup.rewrite(MysqlLexicalNormalizer.normalize(sql));
        } catch (MysqlLexicalNormalizer.UnterminatedToken e) {
            throw syntaxError(sql, e.offset, null);
        }
        if (normalized.isBlank()) {
            throw ErrorCode.EMPTY_QUERY.exception();
        }
        try {
            return SqlParser.create(normalized.text(), CONFIG).parseStmt();
        } catch (SqlParseException e) {
            throw translate(normalized, e);
        } catch (ShoalException e) {
            throw e;
        } catch (RuntimeException | StackOverflowError e) {
            // Anything else (a Calcite check thrown outside its exception wrapping, a too-deep
            // expression) is still the user's text being wrong, not a server fault.
            throw translate(normalized, e);
        }
    }

    private static ShoalException translate(NormalizedSql sql, Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ShoalException shoal) {
                return shoal;
            }
            if (t instanceof DorisSyntaxException d && d.pos() != null) {
                return syntaxError(sql.original(),
                        sql.originalOffset(d.pos().getLineNum(), d.pos().getColumnNum()), e);
            }
        }
        if (e instanceof SqlParseException p && p.getPos() != null && !atEndOfInput(p)) {
            return syntaxError(sql.original(),
                    sql.originalErrorOffset(p.getPos().getLineNum(), p.getPos().getColumnNum()), e);
        }
        return syntaxError(sql.original(), sql.originalEnd(), e);
    }

    /** JavaCC names the end of input {@code <EOF>}; MySQL reports that as "near ''". */
    private static boolean atEndOfInput(SqlParseException p) {
        String m = p.getMessage();
        return m != null && m.startsWith("Encountered \"<EOF>\"");
    }

    static ShoalException syntaxError(String original, int offset, Throwable cause) {
        int at = Math.min(Math.max(offset, 0), original.length());
        int[] lc = TextPositions.lineColumn(original, at);
        String message = "check the manual for the right syntax to use near '" + nearText(original, at)
                + "' at line " + lc[0] + ", column " + lc[1];
        return cause == null
                ? ErrorCode.SYNTAX_ERROR.exception(message)
                : ErrorCode.SYNTAX_ERROR.exceptionWithCause(cause, message);
    }

    private static String nearText(String original, int offset) {
        String rest = original.substring(offset).stripTrailing();
        while (rest.endsWith(";")) {
            rest = rest.substring(0, rest.length() - 1).stripTrailing();
        }
        return rest.length() > NEAR_TEXT_LIMIT ? rest.substring(0, NEAR_TEXT_LIMIT) : rest;
    }
}
