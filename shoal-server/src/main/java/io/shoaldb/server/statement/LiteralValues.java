package io.shoaldb.server.statement;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.ingest.convert.RowBatchAssembler;
import io.shoaldb.server.expression.ConstantEvaluator;
import io.shoaldb.sql.parser.LiteralInsert;
import io.shoaldb.vector.Batch;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.calcite.sql.SqlNode;

/**
 * The rows of a {@link LiteralInsert}, fed to the ingest converters straight from the statement text. Each value
 * reaches {@link RowBatchAssembler#appendObjects} as the very object the expression evaluator makes of its
 * literal on the parsed path, so conversions, strictness and errors are the same: NULL as null, TRUE/FALSE and
 * integers as Long, a string as its UTF-8 bytes (which the converters read exactly as they read the String),
 * a placeholder as its bound value. Only numbers with a point or an exponent go through the evaluator, as a
 * literal node made up front (where the parser would have made it).
 */
final class LiteralValues {
    private static final Long ONE = 1L;
    private static final Long ZERO = 0L;

    private final LiteralInsert insert;
    private final List<Object> parameters;
    private final SqlNode[] numberNodes;

    LiteralValues(LiteralInsert insert, List<Object> parameters) {
        this.insert = insert;
        this.parameters = parameters;
        SqlNode[] nodes = null;
        int values = insert.valueCount();
        for (int v = 0; v < values; v++) {
            LiteralInsert.Kind kind = insert.kind(v);
            if (kind == LiteralInsert.Kind.EXACT || kind == LiteralInsert.Kind.APPROX) {
                if (nodes == null) {
                    nodes = new SqlNode[values];
                }
                nodes[v] = insert.literalNode(v);
            }
        }
        this.numberNodes = nodes;
    }

    /** Converts every row into the assembler, handing it full batches and the last one, as INSERT does. */
    void convert(Supplier<ConstantEvaluator> evaluators, int columnCount, RowBatchAssembler assembler,
            Consumer<Batch> sink) {
        ConstantEvaluator evaluator = numberNodes == null ? null : evaluators.get();
        Object[] row = new Object[columnCount];
        for (int r = 0; r < insert.rowCount(); r++) {
            if (insert.rowWidth(r) != columnCount) {
                throw ErrorCode.WRONG_VALUE_COUNT.exception(r + 1);
            }
            for (int c = 0; c < columnCount; c++) {
                row[c] = value(insert.valueIndex(r, c), evaluator);
            }
            assembler.appendObjects(row);
            if (assembler.isFull()) {
                sink.accept(assembler.flush());
            }
        }
        Batch rest = assembler.flush();
        if (rest != null && rest.positionCount() > 0) {
            sink.accept(rest);
        }
    }

    private Object value(int v, ConstantEvaluator evaluator) {
        return switch (insert.kind(v)) {
            case NULL -> null;
            case TRUE -> ONE;
            case FALSE -> ZERO;
            case INTEGER -> insert.longValue(v);
            case STRING, ESCAPED_STRING -> insert.stringBytes(v);
            case EXACT, APPROX -> evaluator.evaluate(numberNodes[v]).value();
            case PARAMETER -> InsertStatements.parameter(parameters, insert.parameterIndex(v));
        };
    }
}
