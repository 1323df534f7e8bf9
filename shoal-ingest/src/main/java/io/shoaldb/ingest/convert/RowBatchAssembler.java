package io.shoaldb.ingest.convert;

import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.VectorBuilder;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns input rows (text fields from a decoder, or Java objects from an INSERT) into batches of the table's
 * full schema. Per column it takes the mapped input field, a derived constant or reference, the column's
 * default, or NULL; every value of a row is converted into a {@link ValueSlot} first and appended only when
 * the whole row succeeded, so a filtered row never leaves a partial row behind. Filtered rows are counted
 * and the first {@code maxRejectedKept} kept with Doris-style reasons. Many text rows at once ({@link #appendRows})
 * convert column by column, and row by row only when one of them does not convert cleanly. One load, one thread;
 * what does not depend on the rows is a {@link RowLayout}, which many loads may share.
 */
public final class RowBatchAssembler {
    private static final int MAX_SOURCE_CHARS = RowLayout.MAX_SOURCE_CHARS;
    /**
     * Small first: most loads are a few rows (an INSERT, a 10 KB Stream Load), and a full 4096-row buffer per
     * column cost more than decoding them. The builders grow, and keep the size they reached.
     */
    private static final int INITIAL_BATCH_ROWS = 128;
    /** A part's first builders: a part is large, so they start at a whole normal batch. */
    private static final int INITIAL_PART_ROWS = 4096;

    private final RowLayout layout;
    private final LoadSchema schema;
    private final int inputFieldCount;
    private final ValueConverter[] converters;
    private final ValueSlot[] slots;
    // the layout's, shared: read only
    private final int[] sourceField;     // input field feeding the column, or -1
    private final ValueSlot[] fixed;     // prepared value of a constant/default column
    private final String[] fixedProblem; // why a constant/default column filters every row, or null
    private final boolean[] nullable;
    private final String[] names;
    private final ValueSlot[] row;
    private TextRow rowOfRows;
    private final BatchBuilder builder;
    private final int maxBatchRows;
    private final long maxBatchBytes;
    private final int maxRejectedKept;
    private final List<RejectedRow> rejected = new ArrayList<>();
    private long batchBytes;
    private long total;
    private long loaded;
    private long filtered;
    private long unselected;

    /**
     * @param layout the schema, mapping and policy, resolved (shared by any number of loads)
     * @param maxBatchRows rows per batch before {@link #isFull()}
     * @param maxBatchBytes approximate input bytes per batch before {@link #isFull()}
     * @param maxRejectedKept filtered rows kept with their reasons (all are counted)
     */
    public RowBatchAssembler(RowLayout layout, int maxBatchRows, long maxBatchBytes, int maxRejectedKept) {
        this(layout, maxBatchRows, maxBatchBytes, maxRejectedKept, Math.min(maxBatchRows, INITIAL_BATCH_ROWS));
    }

    private RowBatchAssembler(RowLayout layout, int maxBatchRows, long maxBatchBytes, int maxRejectedKept,
            int initialRows) {
        this.layout = layout;
        this.schema = layout.schema;
        this.maxBatchRows = maxBatchRows;
        this.maxBatchBytes = maxBatchBytes;
        this.maxRejectedKept = maxRejectedKept;
        inputFieldCount = layout.inputFieldCount;
        sourceField = layout.sourceField;
        fixed = layout.fixed;
        fixedProblem = layout.fixedProblem;
        nullable = layout.nullable;
        names = layout.names;
        int n = schema.columnCount();
        // Converters keep scratch state: each load has its own.
        converters = new ValueConverter[n];
        slots = new ValueSlot[n];
        row = new ValueSlot[n];
        for (int c = 0; c < n; c++) {
            converters[c] = ValueConverter.forType(layout.types.get(c), layout.policy);
            slots[c] = new ValueSlot();
        }
        builder = new BatchBuilder(layout.types, initialRows);
    }

    /**
     * An assembler for another part of the same input, decoded on another thread: the same layout and batch
     * bounds. Its counts and rejected rows come back with
     * {@link #absorb}.
     */
    public RowBatchAssembler forPart() {
        return new RowBatchAssembler(layout, maxBatchRows, maxBatchBytes, maxRejectedKept,
                Math.min(maxBatchRows, INITIAL_PART_ROWS));
    }

    /**
     * Adds the counts and kept rejected rows of {@code part}, the part of the input that follows every row counted
     * here so far: its row numbers move on by this assembler's total, so the load's are as if one thread read it all.
     * The part's counts are cleared: once its last batch is flushed it can take the next part, its builders at the
     * size they reached.
     */
    public void absorb(RowBatchAssembler part) {
        for (RejectedRow r : part.rejected) {
            if (rejected.size() >= maxRejectedKept) {
                break;
            }
            rejected.add(new RejectedRow(total + r.rowNumber(), r.reason(), r.sourceLine()));
        }
        total += part.total;
        loaded += part.loaded;
        filtered += part.filtered;
        unselected += part.unselected;
        part.rejected.clear();
        part.total = 0;
        part.loaded = 0;
        part.filtered = 0;
        part.unselected = 0;
    }

    /**
     * @throws io.shoaldb.common.error.ShoalException UNKNOWN_COLUMN, DUPLICATE_COLUMN or NOT_SUPPORTED for a bad mapping
     */
    public RowBatchAssembler(LoadSchema schema, ColumnMapping mapping, ConversionPolicy policy, int maxBatchRows,
                             long maxBatchBytes, int maxRejectedKept) {
        this(new RowLayout(schema, mapping, policy), maxBatchRows, maxBatchBytes, maxRejectedKept);
    }

    /** A Stream Load / INSERT sized assembler: 4096 rows or 8 MiB per batch, first 1000 rejected rows kept. */
    public RowBatchAssembler(LoadSchema schema, ColumnMapping mapping, ConversionPolicy policy) {
        this(schema, mapping, policy, 4096, 8L << 20, 1000);
    }

    /** The names of the input fields in input order (the JSON reader matches keys against them). */
    public List<String> inputFieldNames() {
        return layout.inputFieldNames;
    }

    /** Fields each input row must have (CSV checks its column count against this). */
    public int inputFieldCount() {
        return inputFieldCount;
    }

    /** Converts one text row; false when it was filtered (counted and possibly kept with its reason). */
    public boolean appendText(TextRow input) {
        total++;
        int fields = input.fieldCount();
        long bytes = 0;
        for (int c = 0; c < row.length; c++) {
            int f = sourceField[c];
            if (f < 0) {
                if (fixedProblem[c] != null) {
                    return reject(fixedProblem[c], input);
                }
                row[c] = fixed[c];
                continue;
            }
            ValueSlot s = slots[c];
            int len = f < fields ? input.length(f) : TextRow.ABSENT;
            if (len < 0) {
                String problem = nullValue(c, s, len == TextRow.ABSENT);
                if (problem != null) {
                    return reject(problem, input);
                }
            } else if (!converters[c].parse(input.buffer(f), input.offset(f), len, s)) {
                String problem = failureReason(c, s, input.buffer(f), input.offset(f), len);
                if (problem != null) {
                    return reject(problem, input);
                }
            }
            bytes += Math.max(len, 0);
            row[c] = s;
        }
        commit(bytes);
        return true;
    }

    /**
     * Converts text rows as {@link #appendText} would one by one, but column by column: one loop per column over
     * all the rows, each value through that column's converter, so the calls inline into one loop per type
     * instead of going through every column's converter per row. When a value does not convert or is NULL for a
     * NOT NULL column (or a column has no value at all), what the columns got is dropped and the rows go through
     * {@link #appendText} one by one, which filters or NULLs each exactly as for a single row.
     */
    public void appendRows(TextRows rows) {
        int n = rows.count();
        int before = builder.rowCount();
        if (appendColumns(rows)) {
            total += n;
            loaded += n;
            batchBytes += rows.textBytes() + (long) n * row.length;
            return;
        }
        builder.truncate(before);
        if (rowOfRows == null) {
            rowOfRows = new TextRow(inputFieldCount);
        }
        for (int r = 0; r < n; r++) {
            appendText(rows.row(r, rowOfRows));
        }
    }

    /** Every column of every row, or false at the first value the rows must be converted one by one for. */
    private boolean appendColumns(TextRows rows) {
        for (int c = 0; c < row.length; c++) {
            int f = sourceField[c];
            VectorBuilder out = builder.column(c);
            if (f >= 0 && f < rows.fieldCount()) {
                if (!converters[c].appendColumn(rows, f, nullable[c], out)) {
                    return false;
                }
            } else if (f < 0 && fixedProblem[c] == null) {
                for (int r = 0; r < rows.count(); r++) {
                    converters[c].append(fixed[c], out);
                }
            } else {
                return false;
            }
        }
        return true;
    }

    /** Converts one row of Java objects (one per input field); false when it was filtered. */
    public boolean appendObjects(Object... values) {
        total++;
        if (values.length != inputFieldCount) {
            throw new IllegalArgumentException("row of " + values.length + " values for " + inputFieldCount + " fields");
        }
        for (int c = 0; c < row.length; c++) {
            int f = sourceField[c];
            if (f < 0) {
                if (fixedProblem[c] != null) {
                    return rejectObjects(fixedProblem[c], values);
                }
                row[c] = fixed[c];
                continue;
            }
            ValueSlot s = slots[c];
            Object v = values[f];
            if (v == null) {
                String problem = nullValue(c, s, false);
                if (problem != null) {
                    return rejectObjects(problem, values);
                }
            } else if (!converters[c].parseObject(v, s)) {
                byte[] text = ValueConverter.textOf(v);
                String problem = failureReason(c, s, text, 0, text.length);
                if (problem != null) {
                    return rejectObjects(problem, values);
                }
            }
            row[c] = s;
        }
        commit(16L * row.length);
        return true;
    }

    /**
     * Converts one row as {@link #appendObjects} converts the objects its fields stand for, but reads integers,
     * text, plain decimals and dates in the form they came in, without an object each; false when it was filtered.
     * Only a row that converts cleanly is taken that way: at the first value that does not convert, or a NULL for a
     * NOT NULL column, the row goes through {@link #appendObjects}, which filters it, or NULLs the value, with the
     * same reasons as ever.
     */
    public boolean appendTyped(TypedRow input) {
        if (input.fieldCount() != inputFieldCount) {
            throw new IllegalArgumentException("row of " + input.fieldCount() + " values for " + inputFieldCount + " fields");
        }
        for (int c = 0; c < row.length; c++) {
            int f = sourceField[c];
            if (f < 0) {
                if (fixedProblem[c] != null) {
                    return appendObjects(objects(input));
                }
                row[c] = fixed[c];
                continue;
            }
            ValueSlot s = slots[c];
            ValueConverter converter = converters[c];
            boolean converted = switch (input.form(f)) {
                case NULL -> {
                    s.setNull();
                    yield nullable[c];
                }
                case LONG -> converter.parseLong(input.longValue(f), s);
                case TEXT -> converter.parse(input.buffer(f), input.offset(f), input.length(f), s);
                case DECIMAL_TEXT -> converter.parseDecimalText(input.buffer(f), input.offset(f), input.length(f), s);
                case EPOCH_DAY -> converter.parseEpochDay(input.longValue(f), s);
                case OBJECT -> converter.parseObject(input.object(f), s);
            };
            if (!converted) {
                return appendObjects(objects(input));
            }
            row[c] = s;
        }
        total++;
        commit(16L * row.length);
        return true;
    }

    private static Object[] objects(TypedRow input) {
        Object[] values = new Object[input.fieldCount()];
        for (int f = 0; f < values.length; f++) {
            values[f] = input.object(f);
        }
        return values;
    }

    /** NULL or absent input for column c: fills the slot and returns null, or returns the reason to filter. */
    private String nullValue(int c, ValueSlot s, boolean absent) {
        if (absent && schema.defaultValue(c) != null) {
            ValueSlot d = fixedDefault(c);
            if (d != null) {
                copy(d, s);
                return null;
            }
        }
        if (!nullable[c]) {
            return absent ? Reasons.notFoundInJson(names[c]) : Reasons.nullForNotNull(names[c]);
        }
        s.setNull();
        return null;
    }

    private ValueSlot[] defaults;

    /** The converted default of column c (lazily, for absent JSON keys), or null when it does not convert. */
    private ValueSlot fixedDefault(int c) {
        if (defaults == null) {
            defaults = new ValueSlot[row.length];
        }
        if (defaults[c] == null) {
            ValueSlot s = new ValueSlot();
            if (!converters[c].parseObject(schema.defaultValue(c), s)) {
                return null;
            }
            defaults[c] = s;
        }
        return defaults[c];
    }

    private static void copy(ValueSlot from, ValueSlot to) {
        to.isNull = from.isNull;
        to.longValue = from.longValue;
        to.highValue = from.highValue;
        to.doubleValue = from.doubleValue;
        to.bytes = from.bytes;
        to.offset = from.offset;
        to.length = from.length;
    }

    /** Applies strict mode / NULL-ing to a failed conversion; null means "use NULL", else the reason to filter. */
    private String failureReason(int c, ValueSlot s, byte[] b, int off, int len) {
        return layout.failureReason(c, s, b, off, len);
    }

    private void commit(long bytes) {
        for (int c = 0; c < row.length; c++) {
            converters[c].append(row[c], builder.column(c));
        }
        loaded++;
        batchBytes += bytes + row.length;
    }

    private boolean reject(String reason, TextRow input) {
        filtered++;
        if (rejected.size() < maxRejectedKept) {
            rejected.add(new RejectedRow(total, reason, sourceOf(input)));
        }
        return false;
    }

    private boolean rejectObjects(String reason, Object[] values) {
        filtered++;
        if (rejected.size() < maxRejectedKept) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < values.length && sb.length() < MAX_SOURCE_CHARS; i++) {
                sb.append(i == 0 ? "" : ", ").append(values[i] == null ? "NULL" : ValueConverter.textString(values[i]));
            }
            rejected.add(new RejectedRow(total, reason, sb.toString()));
        }
        return false;
    }

    private static String sourceOf(TextRow input) {
        byte[] line = input.lineBuffer();
        if (line == null) {
            return "";
        }
        return Reasons.prefix(line, input.lineOffset(), input.lineLength(), MAX_SOURCE_CHARS);
    }

    /**
     * Counts a row the decoder rejected before it had fields (wrong column count, invalid UTF-8, malformed
     * JSON, unterminated enclose).
     */
    public void rejectInput(String reason, byte[] line, int off, int len) {
        total++;
        filtered++;
        if (rejected.size() < maxRejectedKept) {
            rejected.add(new RejectedRow(total, reason,
                    line == null ? "" : Reasons.prefix(line, off, len, MAX_SOURCE_CHARS)));
        }
    }

    /** Counts rows a {@code where} condition dropped (they are part of the total). */
    public void countUnselected(long rows) {
        total += rows;
        unselected += rows;
    }

    /**
     * Rows already assembled that a later condition (Stream Load's {@code where}) left out: they move from
     * loaded to unselected, which {@code max_filter_ratio} does not count.
     */
    public void unselect(long rows) {
        loaded -= rows;
        unselected += rows;
    }

    /** True when the current batch reached its row or byte bound; call {@link #flush()}. */
    public boolean isFull() {
        return builder.rowCount() >= maxBatchRows || batchBytes >= maxBatchBytes;
    }

    /** Like {@link #isFull()} with the rows of {@code waiting} appended as well. */
    public boolean isFull(TextRows waiting) {
        return builder.rowCount() + waiting.count() >= maxBatchRows
                || batchBytes + waiting.textBytes() + (long) waiting.count() * row.length >= maxBatchBytes;
    }

    /** Rows waiting in the current batch. */
    public int pendingRows() {
        return builder.rowCount();
    }

    /** The batch of the rows appended since the last flush (possibly empty). */
    public Batch flush() {
        batchBytes = 0;
        return builder.build();
    }

    public LoadCounters counters() {
        return new LoadCounters(total, loaded, filtered, unselected);
    }

    /** The first kept rejected rows, in input order. */
    public List<RejectedRow> rejectedRows() {
        return List.copyOf(rejected);
    }

    /** Doris's {@code FirstErrorMsg}: the reason of the first filtered row, or null. */
    public String firstErrorMessage() {
        return rejected.isEmpty() ? null : rejected.getFirst().reason();
    }
}
