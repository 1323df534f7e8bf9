package io.shoaldb.ingest.format.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.ingest.convert.RowBatchAssembler;
import io.shoaldb.ingest.convert.TextRow;
import io.shoaldb.ingest.convert.Utf8;
import io.shoaldb.ingest.format.BatchReader;
import io.shoaldb.ingest.format.LoadOptions;
import io.shoaldb.ingest.format.RecordLimits;
import io.shoaldb.ingest.format.RecordTooLargeException;
import io.shoaldb.vector.Batch;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Streams a JSON body into batches with Jackson's streaming parser (no tree). Layouts, as Doris:
 * <ul>
 *   <li>{@code read_json_by_line} (the default when neither switch is given): one document per line;</li>
 *   <li>otherwise the whole body is one document (Doris also reads it whole, bounded by
 *       {@code streaming_load_json_max_mb});</li>
 *   <li>{@code json_root} selects a sub-document of each document first;</li>
 *   <li>{@code strip_outer_array}: the (root) document is an array of row objects; without it, an object.</li>
 * </ul>
 * Fields: with {@code jsonpaths}, each path feeds one input field (in the order of the paths); without,
 * object keys match input field names ignoring case. Objects and arrays reaching a field are passed as
 * their JSON text (a JSON column receives the sub-document); strings are unescaped; numbers keep their
 * text with {@code num_as_string}, otherwise floating numbers go through double as in Doris.
 *
 * <p>Malformed JSON filters the document it occurs in as one row (Doris: "Parse json data for JsonDoc
 * failed"); the load goes on and {@code max_filter_ratio} decides. In the whole-body layout the body is
 * validated before any row is produced, so a broken array loads nothing, as in Doris.
 *
 * <p>A document (a line, or the whole body) larger than {@link RecordLimits#jsonMaxBytes()} fails the load: the
 * buffer never grows past one document at the limit.
 */
public final class JsonReader implements BatchReader {
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(StreamReadFeature.AUTO_CLOSE_SOURCE).build();
    private static final byte[] TRUE = "true".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] FALSE = "false".getBytes(StandardCharsets.US_ASCII);

    private final InputStream in;
    private final RowBatchAssembler assembler;
    private final boolean byLine;
    private final boolean stripOuterArray;
    private final boolean numAsString;
    private final byte[] delim;
    private final List<Object> rootSteps;
    private final PathNode root;
    private final int fields;
    private final TextRow row;
    private final long maxDocumentBytes;
    private final RecordLimits limits;
    private final int baseBuffer;

    private byte[] buf;
    private int pos;
    private int limit;
    private boolean eof;
    private boolean wholeDone;
    private long bytesRead;
    // decoded strings of the current row; a full arena is replaced, never overwritten, while a row refers to it
    private byte[] arena = new byte[4096];
    private int arenaUsed;
    private final int[] encodedLength = new int[1];

    public JsonReader(InputStream in, LoadOptions options, RowBatchAssembler assembler, RecordLimits limits) {
        this(in, options, assembler, limits, BatchReader.DEFAULT_BUFFER_BYTES);
    }

    /** {@code bufferSize}: the first read buffer (no larger than a document at the limit can need). */
    public JsonReader(InputStream in, LoadOptions options, RowBatchAssembler assembler, RecordLimits limits,
            int bufferSize) {
        this.in = in;
        this.maxDocumentBytes = limits.jsonMaxBytes();
        this.limits = limits;
        this.buf = new byte[(int) Math.max(1, Math.min(bufferSize, maxDocumentBytes + 1))];
        this.baseBuffer = buf.length;
        this.assembler = assembler;
        this.byLine = options.readJsonByLine();
        this.stripOuterArray = options.stripOuterArray();
        this.numAsString = options.numAsString();
        this.delim = options.lineDelimiter();
        this.rootSteps = options.jsonRoot() == null ? List.of() : JsonPath.parse(options.jsonRoot()).steps();
        this.fields = assembler.inputFieldCount();
        this.row = new TextRow(fields);
        List<String> paths = options.jsonPaths();
        if (paths.isEmpty()) {
            root = new PathNode(true);
            List<String> names = assembler.inputFieldNames();
            for (int f = 0; f < names.size(); f++) {
                root.child(names.get(f)).field = f;
            }
        } else {
            if (paths.size() != fields) {
                throw io.shoaldb.common.error.ErrorCode.LOAD_INVALID_ARGUMENT.exception("jsonpaths has " + paths.size()
                        + " paths but the load has " + fields + " input columns");
            }
            root = new PathNode(false);
            for (int f = 0; f < paths.size(); f++) {
                PathNode n = root;
                for (Object step : JsonPath.parse(paths.get(f)).steps()) {
                    n = step instanceof String s ? n.child(s) : n.child((Integer) step);
                }
                n.field = f;
            }
        }
    }

    /** The next batch, or null when the input is exhausted. */
    @Override
    public Batch next() throws IOException {
        if (byLine) {
            while (!assembler.isFull() && nextLine()) {
                // each line was handed to the assembler
            }
        } else if (!wholeDone) {
            wholeDone = true;
            readAll();
            if (validate(buf, 0, limit)) {
                document(buf, 0, limit);
            }
            pos = limit;
        }
        if (assembler.pendingRows() == 0 && (byLine ? eof && pos >= limit : wholeDone)) {
            return null;
        }
        return assembler.flush();
    }

    public long bytesRead() {
        return bytesRead;
    }

    private boolean nextLine() throws IOException {
        while (true) {
            int end = indexOf(pos);
            if (end < 0) {
                if (!eof) {
                    fill();
                    continue;
                }
                if (pos >= limit) {
                    return false;
                }
                end = limit;
            }
            int start = pos;
            if (end - start > maxDocumentBytes) {
                throw documentTooLarge();
            }
            pos = Math.min(end + delim.length, limit);
            int s = start;
            int e = end;
            while (s < e && isSpace(buf[s])) {
                s++;
            }
            while (e > s && isSpace(buf[e - 1])) {
                e--;
            }
            if (s == e) {
                continue; // blank line
            }
            document(buf, s, e - s);
            return true;
        }
    }

    private static boolean isSpace(byte b) {
        return b == ' ' || b == '\t' || b == '\r' || b == '\n';
    }

    private int indexOf(int from) {
        byte d = delim[0];
        for (int i = from; i < limit; i++) {
            if (buf[i] == d && matches(i)) {
                return i;
            }
        }
        return -1;
    }

    private boolean matches(int at) {
        if (at + delim.length > limit) {
            return false;
        }
        for (int k = 1; k < delim.length; k++) {
            if (buf[at + k] != delim[k]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Moves the unread tail to the front, grows the buffer when a document fills it, and reads more: at least as
     * much as the unfinished line already holds, because the line is searched again from its start; so a long
     * line costs linear, not quadratic, searching.
     */
    private void fill() throws IOException {
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, limit - pos);
            limit -= pos;
            pos = 0;
        }
        long wanted = limit + Math.max(64 * 1024L, limit);
        if (limit == buf.length) {
            // a line layout keeps room for the delimiter; the whole body needs one byte more to show it is too large
            buf = limits.grown(buf, maxDocumentBytes, byLine ? delim.length : 1, baseBuffer, this::documentTooLarge);
        }
        while (limit < buf.length) {
            int n = in.read(buf, limit, buf.length - limit);
            if (n < 0) {
                eof = true;
                return;
            }
            limit += n;
            bytesRead += n;
            if (n > 0 && limit >= wanted) {
                return;
            }
        }
    }

    private void readAll() throws IOException {
        while (!eof) {
            fill();
        }
        if (limit > maxDocumentBytes) {
            throw documentTooLarge();
        }
    }

    private RecordTooLargeException documentTooLarge() {
        return new RecordTooLargeException(ErrorCode.LOAD_RECORD_TOO_LARGE.format(
                byLine ? "A JSON document (one line)" : "The JSON body", "streaming_load_json_max_mb", maxDocumentBytes));
    }

    /** Whole-body layout: a syntax error anywhere filters the body before any row is produced. */
    private boolean validate(byte[] b, int off, int len) {
        if (len == 0 || onlySpace(b, off, len)) {
            return false;
        }
        try (JsonParser p = FACTORY.createParser(b, off, len)) {
            while (p.nextToken() != null) {
                p.skipChildren();
            }
            return true;
        } catch (IOException e) {
            parseFailure(e, b, off, len);
            return false;
        }
    }

    private static boolean onlySpace(byte[] b, int off, int len) {
        for (int i = off; i < off + len; i++) {
            if (!isSpace(b[i])) {
                return false;
            }
        }
        return true;
    }

    /** Produces the rows of one document. */
    private void document(byte[] b, int off, int len) {
        if (!Utf8.isValid(b, off, len)) {
            assembler.rejectInput("Parse json data for JsonDoc failed. error info: the document is not valid UTF-8",
                    b, off, len);
            return;
        }
        try (JsonParser p = FACTORY.createParser(b, off, len)) {
            JsonToken t = p.nextToken();
            if (!rootSteps.isEmpty() && !navigate(p, 0)) {
                assembler.rejectInput("JSON Root not found.", b, off, len);
                return;
            }
            t = p.currentToken();
            if (t == JsonToken.START_ARRAY) {
                if (!stripOuterArray) {
                    assembler.rejectInput("JSON data is array-object, `strip_outer_array` must be TRUE.", b, off, len);
                    return;
                }
                while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                    if (t == JsonToken.START_OBJECT) {
                        object(p, b, off);
                    } else {
                        long start = p.currentTokenLocation().getByteOffset();
                        p.skipChildren();
                        int end = (int) p.currentLocation().getByteOffset();
                        assembler.rejectInput("JSON data is not an object", b, off + (int) start, end - (int) start);
                    }
                }
            } else if (t == JsonToken.START_OBJECT) {
                if (stripOuterArray) {
                    assembler.rejectInput("JSON data is not an array-object, `strip_outer_array` must be FALSE.",
                            b, off, len);
                    return;
                }
                object(p, b, off);
            } else {
                assembler.rejectInput("JSON data is not an object", b, off, len);
            }
        } catch (IOException e) {
            parseFailure(e, b, off, len);
        }
    }

    private void parseFailure(IOException e, byte[] b, int off, int len) {
        String msg = e instanceof com.fasterxml.jackson.core.JsonProcessingException j ? j.getOriginalMessage()
                : e.getMessage();
        assembler.rejectInput("Parse json data for JsonDoc failed. error info: " + msg, b, off, len);
    }

    /** Moves the parser to the json_root value; false when a step is missing. */
    private boolean navigate(JsonParser p, int step) throws IOException {
        if (step == rootSteps.size()) {
            return true;
        }
        Object s = rootSteps.get(step);
        JsonToken t = p.currentToken();
        if (s instanceof String key && t == JsonToken.START_OBJECT) {
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                p.nextToken();
                if (name.equals(key)) {
                    return navigate(p, step + 1);
                }
                p.skipChildren();
            }
            return false;
        }
        if (s instanceof Integer index && t == JsonToken.START_ARRAY) {
            int i = 0;
            while (p.nextToken() != JsonToken.END_ARRAY) {
                if (i++ == index) {
                    return navigate(p, step + 1);
                }
                p.skipChildren();
            }
        }
        return false;
    }

    /** One row from the object at the parser's START_OBJECT. */
    private void object(JsonParser p, byte[] b, int off) throws IOException {
        int start = (int) p.currentTokenLocation().getByteOffset();
        row.resetAbsent(fields);
        arenaUsed = 0;
        if (root.field >= 0 && !root.hasChildren()) {
            p.skipChildren();
        } else {
            walkObject(p, root, b, off);
        }
        int end = (int) p.currentLocation().getByteOffset();
        if (root.field >= 0) {
            row.set(root.field, b, off + start, end - start); // "$": the whole object
        }
        row.setLine(b, off + start, end - start);
        assembler.appendText(row);
    }

    private void walkObject(JsonParser p, PathNode node, byte[] b, int off) throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            PathNode child = node.lookup(p.currentName());
            p.nextToken();
            if (child == null) {
                p.skipChildren();
            } else {
                value(p, child, b, off);
            }
        }
    }

    private void walkArray(JsonParser p, PathNode node, byte[] b, int off) throws IOException {
        int i = 0;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            PathNode child = node.lookup(i++);
            if (child == null) {
                p.skipChildren();
            } else {
                value(p, child, b, off);
            }
        }
    }

    /** The value at the current token feeds {@code node}'s field and/or its descendants. */
    private void value(JsonParser p, PathNode node, byte[] b, int off) throws IOException {
        JsonToken t = p.currentToken();
        boolean container = t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY;
        if (container) {
            int start = (int) p.currentTokenLocation().getByteOffset();
            if (node.hasChildren()) {
                if (t == JsonToken.START_OBJECT) {
                    walkObject(p, node, b, off);
                } else {
                    walkArray(p, node, b, off);
                }
            } else {
                p.skipChildren();
            }
            if (node.field >= 0) {
                int end = (int) p.currentLocation().getByteOffset();
                row.set(node.field, b, off + start, end - start);
            }
            return;
        }
        if (node.field < 0) {
            return;
        }
        switch (t) {
            case VALUE_NULL -> row.set(node.field, null, 0, TextRow.NULL);
            case VALUE_TRUE -> row.set(node.field, TRUE, 0, TRUE.length);
            case VALUE_FALSE -> row.set(node.field, FALSE, 0, FALSE.length);
            case VALUE_NUMBER_FLOAT -> {
                if (numAsString) {
                    text(p, node.field);
                } else {
                    byte[] d = Double.toString(p.getDoubleValue()).getBytes(StandardCharsets.US_ASCII);
                    row.set(node.field, d, 0, d.length);
                }
            }
            default -> text(p, node.field); // strings and integers
        }
    }

    /** The token's text as UTF-8 in the arena (strings are unescaped by Jackson). */
    private void text(JsonParser p, int field) throws IOException {
        char[] chars = p.getTextCharacters();
        int from = p.getTextOffset();
        int count = p.getTextLength();
        int need = count * 3;
        if (arenaUsed + need > arena.length) {
            arena = new byte[Math.max(arena.length * 2, need)]; // the old one stays valid for fields set before
            arenaUsed = 0;
        }
        // encode into a view starting at arenaUsed
        int start = arenaUsed;
        int p2 = start;
        int end = from + count;
        for (int i = from; i < end; i++) {
            char c = chars[i];
            if (c < 0x80) {
                arena[p2++] = (byte) c;
            } else {
                p2 = encodeSlow(chars, i, end, p2);
                break;
            }
        }
        arenaUsed = p2;
        row.set(field, arena, start, p2 - start);
    }

    /** Encodes chars[i..end) (which contains non-ASCII) into the arena at {@code at}; returns the new end. */
    private int encodeSlow(char[] chars, int i, int end, int at) {
        byte[] tmp = Utf8.encode(chars, i, end - i, new byte[(end - i) * 3], encodedLength);
        System.arraycopy(tmp, 0, arena, at, encodedLength[0]);
        return at + encodedLength[0];
    }

    @Override
    public void close() throws IOException {
        limits.release(buf.length, baseBuffer);
        buf = new byte[0]; // the large buffer goes at once, and a second close releases nothing
        in.close();
    }
}
