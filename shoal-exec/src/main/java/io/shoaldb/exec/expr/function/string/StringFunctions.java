package io.shoaldb.exec.expr.function.string;

import io.shoaldb.exec.expr.VectorExpression;
import io.shoaldb.exec.expr.function.KernelFactory;
import io.shoaldb.sql.planner.physical.expr.Call;
import io.shoaldb.sql.planner.physical.expr.Literal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.function.BiConsumer;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * String functions over UTF-8 bytes, in Doris's semantics: positions and lengths count characters, from 1;
 * NULL in gives NULL out (except CONCAT_WS, which skips NULL values). Upper/lower case only decode text
 * that is not ASCII.
 */
public final class StringFunctions {
    private static final byte SPACE = ' ';

    private StringFunctions() {
    }

    public static void register(BiConsumer<String, KernelFactory> registry) {
        for (String name : List.of("upper", "ucase")) {
            registry.accept(name, (call, args) -> plain(call, args, (a, i, out) -> caseMap(a[0], i, out, true)));
        }
        for (String name : List.of("lower", "lcase")) {
            registry.accept(name, (call, args) -> plain(call, args, (a, i, out) -> caseMap(a[0], i, out, false)));
        }
        registry.accept("length", (call, args) -> plain(call, args, (a, i, out) -> out.integer(a[0].length(i))));
        registry.accept("char_length", (call, args) -> plain(call, args,
                (a, i, out) -> out.integer(Utf8.chars(a[0].data(), a[0].offset(i), a[0].length(i)))));
        for (String name : List.of("substring", "substr")) {
            registry.accept(name, (call, args) -> plain(call, args, StringFunctions::substring));
        }
        registry.accept("concat", (call, args) -> plain(call, args, (a, i, out) -> {
            out.start();
            for (TextArg x : a) {
                out.put(x.data(), x.offset(i), x.length(i));
            }
            return out.emit();
        }));
        registry.accept("concat_ws", (call, args) -> new StringFunction(args, call.type(), true, (a, i, out) -> {
            if (a[0].isNull(i)) {
                return false;
            }
            out.start();
            boolean first = true;
            for (int k = 1; k < a.length; k++) {
                if (a[k].isNull(i)) {
                    continue;
                }
                if (!first) {
                    out.put(a[0].data(), a[0].offset(i), a[0].length(i));
                }
                first = false;
                out.put(a[k].data(), a[k].offset(i), a[k].length(i));
            }
            return out.emit();
        }));
        registry.accept("trim", (call, args) -> plain(call, args, (a, i, out) -> trim(a, i, out, true, true)));
        registry.accept("ltrim", (call, args) -> plain(call, args, (a, i, out) -> trim(a, i, out, true, false)));
        registry.accept("rtrim", (call, args) -> plain(call, args, (a, i, out) -> trim(a, i, out, false, true)));
        registry.accept("replace", (call, args) -> plain(call, args, StringFunctions::replace));
        registry.accept("locate", (call, args) -> plain(call, args,
                (a, i, out) -> out.integer(locate(a[0], a[1], i, a.length > 2 ? a[2].longValue(i) : 1))));
        registry.accept("instr", (call, args) -> plain(call, args, (a, i, out) -> out.integer(locate(a[1], a[0], i, 1))));
        registry.accept("lpad", (call, args) -> plain(call, args, (a, i, out) -> pad(a, i, out, true)));
        registry.accept("rpad", (call, args) -> plain(call, args, (a, i, out) -> pad(a, i, out, false)));
        registry.accept("regexp", StringFunctions::regexp);
    }

    private static VectorExpression plain(Call call, List<VectorExpression> args, StringFunction.Row row) {
        return new StringFunction(args, call.type(), false, row);
    }

    private static boolean caseMap(TextArg s, int i, StringFunction.Output out, boolean upper) {
        byte[] d = s.data();
        int from = s.offset(i);
        int len = s.length(i);
        out.start();
        for (int k = from; k < from + len; k++) {
            byte b = d[k];
            if (b < 0) {
                String text = new String(d, from, len, StandardCharsets.UTF_8);
                byte[] mapped = (upper ? text.toUpperCase(Locale.ROOT) : text.toLowerCase(Locale.ROOT))
                        .getBytes(StandardCharsets.UTF_8);
                return out.bytes(mapped, 0, mapped.length);
            }
            if (upper && b >= 'a' && b <= 'z' || !upper && b >= 'A' && b <= 'Z') {
                b ^= 0x20;
            }
            out.put(b);
        }
        return out.emit();
    }

    /**
     * SUBSTRING(s, pos[, len]): pos from 1, negative pos counts from the end, pos 0 or past the end gives '',
     * a missing len means to the end, len below 1 gives ''.
     */
    private static boolean substring(TextArg[] a, int i, StringFunction.Output out) {
        byte[] d = a[0].data();
        int from = a[0].offset(i);
        int len = a[0].length(i);
        long pos = a[1].longValue(i);
        long count = a.length > 2 ? a[2].longValue(i) : Long.MAX_VALUE;
        if (pos == 0 || count <= 0) {
            return out.bytes(d, from, 0);
        }
        if (pos < 0) {
            int chars = Utf8.chars(d, from, len);
            pos = chars + pos + 1;
            if (pos < 1) {
                return out.bytes(d, from, 0);
            }
        }
        int start = Utf8.byteOf(d, from, len, pos - 1);
        int end = Utf8.byteOf(d, start, from + len - start, count);
        return out.bytes(d, start, end - start);
    }

    /** TRIM/LTRIM/RTRIM: removes spaces, or repeated occurrences of the given text, from the chosen ends. */
    private static boolean trim(TextArg[] a, int i, StringFunction.Output out, boolean left, boolean right) {
        byte[] d = a[0].data();
        int start = a[0].offset(i);
        int end = start + a[0].length(i);
        byte[] cut = a.length > 1 ? a[1].data() : new byte[] {SPACE};
        int cutFrom = a.length > 1 ? a[1].offset(i) : 0;
        int cutLen = a.length > 1 ? a[1].length(i) : 1;
        if (cutLen == 0) {
            return out.bytes(d, start, end - start);
        }
        while (left && end - start >= cutLen && java.util.Arrays.equals(d, start, start + cutLen, cut, cutFrom,
                cutFrom + cutLen)) {
            start += cutLen;
        }
        while (right && end - start >= cutLen && java.util.Arrays.equals(d, end - cutLen, end, cut, cutFrom,
                cutFrom + cutLen)) {
            end -= cutLen;
        }
        return out.bytes(d, start, end - start);
    }

    /** REPLACE(s, from, to): every occurrence, left to right; an empty {@code from} changes nothing. */
    private static boolean replace(TextArg[] a, int i, StringFunction.Output out) {
        byte[] d = a[0].data();
        int start = a[0].offset(i);
        int end = start + a[0].length(i);
        int fromLen = a[1].length(i);
        if (fromLen == 0) {
            return out.bytes(d, start, end - start);
        }
        out.start();
        int k = start;
        while (true) {
            int hit = Utf8.indexOf(d, k, end, a[1].data(), a[1].offset(i), fromLen);
            if (hit < 0) {
                out.put(d, k, end - k);
                return out.emit();
            }
            out.put(d, k, hit - k);
            out.put(a[2].data(), a[2].offset(i), a[2].length(i));
            k = hit + fromLen;
        }
    }

    /** LOCATE(sub, s[, pos]): the character position of sub in s at or after pos, from 1; 0 when absent. */
    private static int locate(TextArg sub, TextArg s, int i, long pos) {
        byte[] d = s.data();
        int from = s.offset(i);
        int len = s.length(i);
        if (pos < 1) {
            return 0;
        }
        int start = Utf8.byteOf(d, from, len, pos - 1);
        if (start == from + len && sub.length(i) > 0) {
            return 0;
        }
        int hit = Utf8.indexOf(d, start, from + len, sub.data(), sub.offset(i), sub.length(i));
        return hit < 0 ? 0 : Utf8.chars(d, from, hit - from) + 1;
    }

    /**
     * LPAD/RPAD(s, len, pad): s cut or padded with repetitions of pad to len characters; a negative len is
     * NULL, and padding with an empty pad gives '' (Doris).
     */
    private static boolean pad(TextArg[] a, int i, StringFunction.Output out, boolean left) {
        byte[] d = a[0].data();
        int from = a[0].offset(i);
        int len = a[0].length(i);
        long target = a[1].longValue(i);
        if (target < 0) {
            return false;
        }
        int chars = Utf8.chars(d, from, len);
        if (target <= chars) {
            return out.bytes(d, from, Utf8.byteOf(d, from, len, target) - from);
        }
        byte[] p = a[2].data();
        int pFrom = a[2].offset(i);
        int pLen = a[2].length(i);
        if (pLen == 0) {
            return out.bytes(d, from, 0);
        }
        int pChars = Utf8.chars(p, pFrom, pLen);
        long missing = target - chars;
        out.start();
        if (!left) {
            out.put(d, from, len);
        }
        while (missing > 0) {
            long take = Math.min(missing, pChars);
            out.put(p, pFrom, Utf8.byteOf(p, pFrom, pLen, take) - pFrom);
            missing -= take;
        }
        if (left) {
            out.put(d, from, len);
        }
        return out.emit();
    }

    /** {@code s REGEXP pattern}: whether the pattern matches anywhere in s; a constant pattern is compiled once. */
    private static VectorExpression regexp(Call call, List<VectorExpression> args) {
        Pattern constant = call.arguments().get(1) instanceof Literal l && !l.isNull() ? compile(l.value().toString()) : null;
        return plain(call, args, (a, i, out) -> {
            Pattern p = constant != null ? constant
                    : compile(new String(a[1].data(), a[1].offset(i), a[1].length(i), StandardCharsets.UTF_8));
            if (p == null) {
                return false;
            }
            String s = new String(a[0].data(), a[0].offset(i), a[0].length(i), StandardCharsets.UTF_8);
            return out.integer(p.matcher(s).find() ? 1 : 0);
        });
    }

    /** The pattern, or null when it is not a valid regular expression (the row is NULL). */
    private static Pattern compile(String regex) {
        try {
            return Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            return null;
        }
    }
}
