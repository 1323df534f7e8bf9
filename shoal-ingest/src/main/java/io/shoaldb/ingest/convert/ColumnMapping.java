package io.shoaldb.ingest.convert;

import io.shoaldb.common.error.ErrorCode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Which input field feeds which column: the target list of an INSERT, or the {@code columns} header of a
 * Stream Load ({@code k1, k2, tmp, k3 = k1, k4 = 'x'}). Plain names are the input fields in input order; a
 * name that is not a table column is a placeholder that skips its field (Doris's way to drop file columns).
 * {@code col = expr} derives a column; only constants (numbers, quoted strings, NULL) and references to an
 * input field are supported now, anything else is {@link ErrorCode#NOT_SUPPORTED}.
 *
 * @param inputFields input field names in input order; null means "the table's columns, in order"
 * @param derived derived columns in header order
 */
public record ColumnMapping(List<String> inputFields, List<Derived> derived) {
    /** {@code target = expression}: exactly one of {@code sourceField} or {@code constant}/{@code isNullConstant}. */
    public record Derived(String target, String sourceField, String constant, boolean isNullConstant) {
    }

    public ColumnMapping {
        inputFields = inputFields == null ? null : List.copyOf(inputFields);
        derived = List.copyOf(derived);
    }

    /** Input fields map 1:1 to the table's columns (no header, INSERT without a column list). */
    public static ColumnMapping identity() {
        return new ColumnMapping(null, List.of());
    }

    /** An INSERT column list. */
    public static ColumnMapping of(List<String> columns) {
        return new ColumnMapping(columns, List.of());
    }

    /** Parses a {@code columns} header; blank means {@link #identity()}. */
    public static ColumnMapping parse(String header) {
        if (header == null || header.isBlank()) {
            return identity();
        }
        List<String> inputs = new ArrayList<>();
        List<Derived> derived = new ArrayList<>();
        for (String item : splitTopLevel(header)) {
            String t = item.strip();
            if (t.isEmpty()) {
                throw ErrorCode.LOAD_INVALID_ARGUMENT.exception("empty column name in columns: " + header);
            }
            int eq = t.indexOf('=');
            if (eq < 0) {
                inputs.add(unquote(t));
                continue;
            }
            String target = unquote(t.substring(0, eq).strip());
            String expr = t.substring(eq + 1).strip();
            derived.add(parseExpression(target, expr));
        }
        return new ColumnMapping(inputs, derived);
    }

    private static Derived parseExpression(String target, String expr) {
        if (expr.equalsIgnoreCase("null")) {
            return new Derived(target, null, null, true);
        }
        if (expr.length() >= 2 && (expr.charAt(0) == '\'' || expr.charAt(0) == '"')
                && expr.charAt(expr.length() - 1) == expr.charAt(0)) {
            return new Derived(target, null, expr.substring(1, expr.length() - 1), false);
        }
        if (expr.matches("[-+]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][-+]?\\d+)?")) {
            return new Derived(target, null, expr, false);
        }
        if (expr.matches("`[^`]+`|[A-Za-z_@$][A-Za-z0-9_@$]*")) {
            return new Derived(target, unquote(expr), null, false);
        }
        throw ErrorCode.NOT_SUPPORTED.exception("the column mapping expression `" + target + " = " + expr
                + "` (only constants and references to input fields are supported)");
    }

    /** Splits on commas outside quotes and parentheses, so {@code k3 = concat(a, b)} stays one item. */
    private static List<String> splitTopLevel(String s) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        char quote = 0;
        int start = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                }
            } else if (c == '\'' || c == '"' || c == '`') {
                quote = c;
            } else if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == ',' && depth == 0) {
                out.add(s.substring(start, i));
                start = i + 1;
            }
        }
        out.add(s.substring(start));
        return out;
    }

    private static String unquote(String name) {
        if (name.length() >= 2 && name.charAt(0) == '`' && name.charAt(name.length() - 1) == '`') {
            return name.substring(1, name.length() - 1);
        }
        return name;
    }

    /** Number of input fields per row, given the table's column count for the identity mapping. */
    public int inputFieldCount(int tableColumns) {
        return inputFields == null ? tableColumns : inputFields.size();
    }

    /** Input field position by name ignoring case, or -1. */
    public int inputIndex(String name) {
        if (inputFields == null) {
            return -1;
        }
        String lower = name.toLowerCase(Locale.ROOT);
        for (int i = 0; i < inputFields.size(); i++) {
            if (inputFields.get(i).toLowerCase(Locale.ROOT).equals(lower)) {
                return i;
            }
        }
        return -1;
    }
}
