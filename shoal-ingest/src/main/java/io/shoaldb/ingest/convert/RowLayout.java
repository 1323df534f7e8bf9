package io.shoaldb.ingest.convert;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.vector.type.DataType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything a load's rows are converted by except the rows: which input field feeds each column of the schema,
 * the constants and defaults of the columns no field feeds (converted once, with their outcome), and the policy.
 * It never changes once made, so one layout serves every load with the same schema, mapping and policy, at once on
 * any number of threads: an INSERT reuses the layout made for its table's version and column list instead of
 * resolving them again per statement ({@link RowBatchAssembler} adds what one load needs for itself).
 */
public final class RowLayout {
    /** Source text longer than this is cut in the error log. */
    static final int MAX_SOURCE_CHARS = 1024;

    final LoadSchema schema;
    final ConversionPolicy policy;
    final int inputFieldCount;
    final List<String> inputFieldNames;
    /** Input field feeding the column, or -1. */
    final int[] sourceField;
    /** Converted value of a constant or default column (read only). */
    final ValueSlot[] fixed;
    /** Why a constant or default column filters every row, or null. */
    final String[] fixedProblem;
    final boolean[] nullable;
    final String[] names;
    final List<DataType> types;

    /**
     * @throws io.shoaldb.common.error.ShoalException UNKNOWN_COLUMN, DUPLICATE_COLUMN or NOT_SUPPORTED for a bad mapping
     */
    public RowLayout(LoadSchema schema, ColumnMapping mapping, ConversionPolicy policy) {
        this.schema = schema;
        this.policy = policy;
        int n = schema.columnCount();
        inputFieldCount = mapping.inputFieldCount(n);
        inputFieldNames = mapping.inputFields() == null ? schema.names() : mapping.inputFields();
        sourceField = new int[n];
        fixed = new ValueSlot[n];
        fixedProblem = new String[n];
        nullable = new boolean[n];
        names = new String[n];
        List<DataType> columnTypes = new ArrayList<>(n);
        for (int c = 0; c < n; c++) {
            sourceField[c] = -1;
            nullable[c] = schema.isNullable(c);
            names[c] = schema.name(c);
            columnTypes.add(schema.type(c));
        }
        types = List.copyOf(columnTypes);
        resolve(mapping);
    }

    public LoadSchema schema() {
        return schema;
    }

    public ConversionPolicy policy() {
        return policy;
    }

    /** Fields each input row must have. */
    public int inputFieldCount() {
        return inputFieldCount;
    }

    private void resolve(ColumnMapping mapping) {
        boolean[] assigned = new boolean[schema.columnCount()];
        for (int f = 0; f < inputFieldCount; f++) {
            int c = mapping.inputFields() == null ? f : schema.indexOf(mapping.inputFields().get(f));
            if (c < 0) {
                continue; // a placeholder: the field is read and dropped
            }
            if (assigned[c]) {
                throw ErrorCode.DUPLICATE_COLUMN.exception(schema.name(c));
            }
            assigned[c] = true;
            sourceField[c] = f;
        }
        boolean[] derivedSeen = new boolean[schema.columnCount()];
        for (ColumnMapping.Derived d : mapping.derived()) {
            int c = schema.indexOf(d.target());
            if (c < 0) {
                throw ErrorCode.UNKNOWN_COLUMN.exception(d.target(), "columns");
            }
            if (derivedSeen[c]) {
                throw ErrorCode.DUPLICATE_COLUMN.exception(schema.name(c));
            }
            derivedSeen[c] = true;
            assigned[c] = true;
            if (d.sourceField() != null) {
                int f = mapping.inputIndex(d.sourceField());
                if (f < 0) {
                    throw ErrorCode.UNKNOWN_COLUMN.exception(d.sourceField(), "columns");
                }
                sourceField[c] = f; // a derived column wins over a same-named input field
            } else {
                sourceField[c] = -1;
                prepareFixed(c, d.isNullConstant() ? null : d.constant().getBytes(StandardCharsets.UTF_8), null);
            }
        }
        for (int c = 0; c < schema.columnCount(); c++) {
            if (!assigned[c]) {
                if (schema.hasDefault(c)) {
                    prepareFixed(c, null, schema.defaultValue(c));
                } else {
                    fixedProblem[c] = Reasons.noDefault(names[c]);
                }
            }
        }
    }

    /** Converts a constant (text) or default (object) once; its outcome then applies to every row. */
    private void prepareFixed(int c, byte[] text, Object object) {
        ValueConverter converter = ValueConverter.forType(schema.type(c), policy);
        ValueSlot s = new ValueSlot();
        fixed[c] = s;
        boolean ok;
        String source;
        if (text != null) {
            ok = converter.parse(text, 0, text.length, s);
            source = new String(text, StandardCharsets.UTF_8);
        } else if (object != null) {
            ok = converter.parseObject(object, s);
            source = ValueConverter.textString(object);
        } else {
            s.setNull();
            ok = true;
            source = null;
        }
        String problem = null;
        if (!ok) {
            byte[] b = source.getBytes(StandardCharsets.UTF_8);
            problem = failureReason(c, s, b, 0, b.length);
        } else if (s.isNull && !nullable[c]) {
            problem = Reasons.nullForNotNull(names[c]);
        }
        fixedProblem[c] = problem;
    }

    /** Applies strict mode / NULL-ing to a failed conversion; null means "use NULL", else the reason to filter. */
    String failureReason(int c, ValueSlot s, byte[] b, int off, int len) {
        switch (s.failure) {
            case TOO_LONG:
                return Reasons.tooLong(names[c], b, off, len, s.expected);
            case OVER_STRING_LIMIT:
                return Reasons.overStringLimit(names[c], b, off, len, s.expected);
            default:
                break;
        }
        if (policy.strictMode()) {
            return Reasons.incorrectValue(names[c], true, Reasons.prefix(b, off, len, MAX_SOURCE_CHARS));
        }
        if (!nullable[c]) {
            return Reasons.nullForNotNull(names[c]);
        }
        s.setNull();
        return null;
    }
}
