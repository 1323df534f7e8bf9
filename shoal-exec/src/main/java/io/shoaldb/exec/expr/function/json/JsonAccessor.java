package io.shoaldb.exec.expr.function.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import java.io.IOException;

/**
 * One accessor over one document: seek the path, read the value as the wanted result. Documents of a JSON
 * column were validated when loaded, so the walk stops at the value; JSON text (VARCHAR/STRING) is read to
 * its end, because Doris answers NULL for malformed text even when the path itself was readable.
 */
final class JsonAccessor {
    private static final JsonFactory FACTORY = JsonFactory.builder().build();

    private final JsonPath path;
    private final JsonResult result;
    private final boolean checkWholeDocument;

    JsonAccessor(JsonPath path, JsonResult result, boolean checkWholeDocument) {
        this.path = path;
        this.result = result;
        this.checkWholeDocument = checkWholeDocument;
    }

    /** Reads the value of {@code doc[off, off+len)} into {@code out}; false means NULL. */
    boolean read(byte[] doc, int off, int len, JsonResult.Scratch out) {
        try (JsonParser p = FACTORY.createParser(doc, off, len)) {
            return path.seek(p) && result.read(p, out) && (!checkWholeDocument || restIsValid(p));
        } catch (IOException malformed) {
            return false;
        }
    }

    /** The convenience form for a single value (constant folding): the result as a Java object, or null. */
    Object read(byte[] doc) {
        JsonResult.Scratch out = new JsonResult.Scratch();
        if (!read(doc, 0, doc.length, out)) {
            return null;
        }
        return switch (result) {
            case INT, BIGINT -> out.number;
            case DOUBLE -> out.real;
            case STRING, JSON -> out.text.toString(java.nio.charset.StandardCharsets.UTF_8);
        };
    }

    /** Closes the containers the path entered; then nothing may follow the document. */
    private static boolean restIsValid(JsonParser p) throws IOException {
        while (!p.getParsingContext().inRoot()) {
            if (p.nextToken() == null) {
                return false;
            }
        }
        return p.nextToken() == null;
    }
}
