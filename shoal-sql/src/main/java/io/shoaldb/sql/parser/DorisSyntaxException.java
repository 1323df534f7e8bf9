package io.shoaldb.sql.parser;

import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * A syntax error found by a grammar action (not by JavaCC itself), e.g. a three-part table name.
 * It carries the position in the normalised text so DorisSqlParser can report it like any other
 * syntax error; it never leaves this module.
 */
public final class DorisSyntaxException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient SqlParserPos pos;

    public DorisSyntaxException(SqlParserPos pos, String reason) {
        super(reason);
        this.pos = pos;
    }

    public SqlParserPos pos() {
        return pos;
    }
}
