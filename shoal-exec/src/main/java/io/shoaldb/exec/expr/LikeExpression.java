package io.shoaldb.exec.expr;

import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BytesVector;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.type.DataType;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.regex.Pattern;

/**
 * {@code x [NOT] LIKE 'pattern'}. Patterns of the shapes {@code abc}, {@code abc%}, {@code %abc}, {@code %abc%}
 * and any other made of text and {@code %} only ({@code %Customer%Complaints%}, {@code PROMO%BRASS}) match on
 * the UTF-8 bytes without decoding; a pattern with {@code _} becomes a regular expression over the decoded string.
 */
final class LikeExpression implements VectorExpression, ValueTest {
    private enum Shape { EXACT, PREFIX, SUFFIX, CONTAINS, SEGMENTS, REGEX }

    private final VectorExpression operand;
    private final boolean negated;
    private final Shape shape;
    private final byte[] literal;
    private final Pattern regex;
    /** SEGMENTS: the texts between the %s, in order; the first is anchored at the start unless the pattern
     * starts with %, the last at the end unless it ends with %. */
    private final byte[][] segments;
    private final boolean anchoredStart;
    private final boolean anchoredEnd;

    LikeExpression(VectorExpression operand, String pattern, char escape, boolean negated) {
        this.operand = operand;
        this.negated = negated;
        StringBuilder plain = new StringBuilder();
        StringBuilder re = new StringBuilder();
        boolean wildcardInside = false;
        boolean leading = false;
        boolean trailing = false;
        boolean underscore = false;
        java.util.List<StringBuilder> pieces = new java.util.ArrayList<>(java.util.List.of(new StringBuilder()));
        int n = pattern.length();
        for (int i = 0; i < n; i++) {
            char c = pattern.charAt(i);
            if (c == escape && i + 1 < n) {
                char next = pattern.charAt(++i);
                pieces.getLast().append(next);
                plain.append(next);
                re.append(Pattern.quote(String.valueOf(next)));
                if (trailing) {
                    wildcardInside = true;
                }
            } else if (c == '%') {
                pieces.add(new StringBuilder());
                re.append(".*");
                if (plain.isEmpty() && !trailing) {
                    leading = true;
                } else {
                    trailing = true;
                }
            } else if (c == '_') {
                re.append('.');
                wildcardInside = true;
                underscore = true;
            } else {
                if (trailing) {
                    wildcardInside = true;
                }
                pieces.getLast().append(c);
                plain.append(c);
                re.append(Pattern.quote(String.valueOf(c)));
            }
        }
        if (wildcardInside && !underscore) {
            shape = Shape.SEGMENTS; // '%Customer%Complaints%': successive byte searches, no regex
        } else if (wildcardInside) {
            shape = Shape.REGEX;
        } else if (leading && trailing) {
            shape = Shape.CONTAINS;
        } else if (leading) {
            shape = Shape.SUFFIX;
        } else if (trailing) {
            shape = Shape.PREFIX;
        } else {
            shape = Shape.EXACT;
        }
        this.literal = plain.toString().getBytes(StandardCharsets.UTF_8);
        this.regex = shape == Shape.REGEX ? Pattern.compile(re.toString(), Pattern.DOTALL) : null;
        this.anchoredStart = !pieces.getFirst().isEmpty();
        this.anchoredEnd = !pieces.getLast().isEmpty();
        this.segments = pieces.stream().filter(p -> !p.isEmpty())
                .map(p -> p.toString().getBytes(StandardCharsets.UTF_8)).toArray(byte[][]::new);
    }

    @Override
    public DataType type() {
        return DataType.BOOLEAN;
    }

    @Override
    public ColumnVector evaluate(Batch batch) {
        BytesVector v = (BytesVector) Flat.of(operand.evaluate(batch));
        int n = batch.positionCount();
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = test(v, i) ? 1 : 0;
        }
        return new IntVector(DataType.BOOLEAN, n, out, Nulls.copy(v.validity(), n));
    }

    @Override
    public boolean test(FlatVector v, int position) {
        BytesVector x = (BytesVector) v;
        return matches(x.data(), x.offset(position), x.length(position)) != negated;
    }

    private boolean matches(byte[] data, int from, int len) {
        return switch (shape) {
            case EXACT -> Arrays.equals(data, from, from + len, literal, 0, literal.length);
            case PREFIX -> len >= literal.length
                    && Arrays.equals(data, from, from + literal.length, literal, 0, literal.length);
            case SUFFIX -> len >= literal.length
                    && Arrays.equals(data, from + len - literal.length, from + len, literal, 0, literal.length);
            case CONTAINS -> ByteSearch.indexOf(literal, data, from, from + len) >= 0;
            case SEGMENTS -> segmentsMatch(data, from, from + len);
            case REGEX -> regex.matcher(new String(data, from, len, StandardCharsets.UTF_8)).matches();
        };
    }

    /** The segments in order without overlap, the first at the start and the last at the end when anchored. */
    private boolean segmentsMatch(byte[] data, int from, int to) {
        int pos = from;
        int last = segments.length - 1;
        for (int k = 0; k <= last; k++) {
            byte[] seg = segments[k];
            if (k == 0 && anchoredStart) {
                if (to - pos < seg.length || !Arrays.equals(data, pos, pos + seg.length, seg, 0, seg.length)) {
                    return false;
                }
                pos += seg.length;
            } else if (k == last && anchoredEnd) {
                return to - pos >= seg.length && Arrays.equals(data, to - seg.length, to, seg, 0, seg.length);
            } else {
                int hit = ByteSearch.indexOf(seg, data, pos, to);
                if (hit < 0) {
                    return false;
                }
                pos = hit + seg.length;
            }
        }
        return true;
    }
}
