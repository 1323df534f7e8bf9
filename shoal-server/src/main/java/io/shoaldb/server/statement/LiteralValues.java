package io.shoaldb.server.statement;

import io.shoaldb.api.ParameterList;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.ingest.convert.RowBatchAssembler;
import io.shoaldb.ingest.convert.TypedRow;
import io.shoaldb.server.expression.ConstantEvaluator;
import io.shoaldb.sql.parser.LiteralInsert;
import io.shoaldb.vector.Batch;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.calcite.sql.SqlNode;

/**
 * The rows of a {@link LiteralInsert}, fed to the ingest converters straight from the statement text. Each value
 * stands for the very object the expression evaluator makes of its literal on the parsed path, so conversions,
 * strictness and errors are the same: NULL as null, TRUE/FALSE and integers as Long, a string as its UTF-8 bytes
 * (which the converters read exactly as they read the String), a placeholder as its bound value. Only numbers with
 * a point or an exponent go through the evaluator, as a literal node made up front (where the parser would have
 * made it). Rows go to {@link RowBatchAssembler#appendTyped} one at a time, this object being the current row:
 * integers and the values a protocol kept in their wire form ({@link ParameterList}: a prepared INSERT's
 * parameters) convert without an object each.
 */
final class LiteralValues implements TypedRow {
    private static final Long ONE = 1L;
    private static final Long ZERO = 0L;

    private final LiteralInsert insert;
    private final List<Object> parameters;
    /** The parameters as they came, or null when they are objects only. */
    private final ParameterList wire;
    private final SqlNode[] numberNodes;
    private ConstantEvaluator evaluator;
    private int row;

    LiteralValues(LiteralInsert insert, List<Object> parameters) {
        this.insert = insert;
        this.parameters = parameters;
        this.wire = parameters instanceof ParameterList list ? list : null;
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
        evaluator = numberNodes == null ? null : evaluators.get();
        for (int r = 0; r < insert.rowCount(); r++) {
            if (insert.rowWidth(r) != columnCount) {
                throw ErrorCode.WRONG_VALUE_COUNT.exception(r + 1);
            }
            row = r;
            assembler.appendTyped(this);
            if (assembler.isFull()) {
                sink.accept(assembler.flush());
            }
        }
        Batch rest = assembler.flush();
        if (rest != null && rest.positionCount() > 0) {
            sink.accept(rest);
        }
    }

    @Override
    public int fieldCount() {
        return insert.rowWidth(row);
    }

    @Override
    public Form form(int field) {
        int v = insert.valueIndex(row, field);
        return switch (insert.kind(v)) {
            case NULL -> Form.NULL;
            case TRUE, FALSE, INTEGER -> Form.LONG;
            case PARAMETER -> wire == null ? objectForm(v) : wireForm(insert.parameterIndex(v));
            default -> Form.OBJECT;
        };
    }

    private Form objectForm(int v) {
        return value(v) == null ? Form.NULL : Form.OBJECT;
    }

    private Form wireForm(int parameter) {
        InsertStatements.checkParameter(parameters, parameter);
        return switch (wire.form(parameter)) {
            case NULL -> Form.NULL;
            case INTEGER -> Form.LONG;
            case TEXT -> Form.TEXT;
            case DECIMAL -> Form.DECIMAL_TEXT;
            case DATE -> Form.EPOCH_DAY;
            case OBJECT -> Form.OBJECT;
        };
    }

    @Override
    public long longValue(int field) {
        int v = insert.valueIndex(row, field);
        return switch (insert.kind(v)) {
            case TRUE -> 1;
            case FALSE -> 0;
            case INTEGER -> insert.longValue(v);
            default -> wire.longValue(insert.parameterIndex(v));
        };
    }

    @Override
    public byte[] buffer(int field) {
        return wire.buffer();
    }

    @Override
    public int offset(int field) {
        return wire.offset(insert.parameterIndex(insert.valueIndex(row, field)));
    }

    @Override
    public int length(int field) {
        return wire.length(insert.parameterIndex(insert.valueIndex(row, field)));
    }

    @Override
    public Object object(int field) {
        return value(insert.valueIndex(row, field));
    }

    private Object value(int v) {
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
