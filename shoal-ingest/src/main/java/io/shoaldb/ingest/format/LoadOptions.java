package io.shoaldb.ingest.format;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.ingest.convert.ColumnMapping;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The data-format headers of a Stream Load, parsed and validated once. Texts of rejected values follow
 * Doris's BE where Doris has one ({@code Invalid strict mode format. Must be bool type},
 * {@code enclose must be single-char, actually is X}, {@code unknown data format, format=X}).
 * Boolean switches other than strict_mode are lenient like Doris's (only "true", any case, is true).
 *
 * <p>Separators: {@code \xNN...} (whole value, even number of hex digits) is decoded as bytes, as Doris's
 * hex form; otherwise the escapes {@code \t}, {@code \n}, {@code \r} and {@code \\} are decoded (curl users
 * write {@code -H "line_delimiter:\n"}) and other text is taken as its UTF-8 bytes, multi-byte allowed.
 */
public record LoadOptions(LoadFormat format, byte[] columnSeparator, byte[] lineDelimiter, ColumnMapping columns,
                          String where, double maxFilterRatio, boolean strictMode, List<String> jsonPaths,
                          String jsonRoot, boolean stripOuterArray, boolean readJsonByLine, boolean numAsString,
                          byte enclose, byte escape, boolean trimDoubleQuotes, int skipLines,
                          boolean emptyFieldAsNull) {
    /** Defaults of a Stream Load without headers: CSV, tab, newline, ratio 0, not strict. */
    public static LoadOptions defaults() {
        return parse(Map.of());
    }

    /** Parses headers keyed by lower-case name; unknown headers are ignored (they belong to other layers). */
    public static LoadOptions parse(Map<String, String> headers) {
        LoadFormat format = parseFormat(headers.get("format"));
        byte[] sep = separator(headers.get("column_separator"), "\t", "column_separator");
        byte[] delim = separator(headers.get("line_delimiter"), "\n", "line_delimiter");
        ColumnMapping columns = ColumnMapping.parse(headers.get("columns"));
        String where = blankToNull(headers.get("where"));
        double ratio = parseRatio(headers.get("max_filter_ratio"));
        boolean strict = parseStrict(headers.get("strict_mode"));
        List<String> paths = parseJsonPaths(headers.get("jsonpaths"));
        String root = blankToNull(headers.get("json_root"));
        if (root != null && !root.startsWith("$")) {
            throw invalid("Invalid json_root: " + root + ", it must start with $");
        }
        String byLine = headers.get("read_json_by_line");
        String strip = headers.get("strip_outer_array");
        boolean readByLine;
        boolean stripOuter;
        if (isBlank(byLine) && isBlank(strip)) {
            // Doris BE: neither header -> one JSON document per line, no outer array
            readByLine = true;
            stripOuter = false;
        } else {
            readByLine = lenientBool(byLine);
            stripOuter = lenientBool(strip);
        }
        byte enclose = singleChar(headers.get("enclose"), "enclose");
        byte escape = singleChar(headers.get("escape"), "escape");
        int skip = parseSkipLines(headers.get("skip_lines"));
        if (sep.length == 0 || delim.length == 0) {
            throw invalid("column_separator and line_delimiter must not be empty");
        }
        return new LoadOptions(format, sep, delim, columns, where, ratio, strict, paths, root, stripOuter,
                readByLine, lenientBool(headers.get("num_as_string")), enclose, escape,
                lenientBool(headers.get("trim_double_quotes")), skip, lenientBool(headers.get("empty_field_as_null")));
    }

    /** Lines the CSV decoder skips before data: the with_names variants win over {@code skip_lines}. */
    public int csvLinesToSkip() {
        return format.headerLines() > 0 ? format.headerLines() : skipLines;
    }

    private static LoadFormat parseFormat(String value) {
        if (isBlank(value)) {
            return LoadFormat.CSV;
        }
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "csv" -> LoadFormat.CSV;
            case "csv_with_names" -> LoadFormat.CSV_WITH_NAMES;
            case "csv_with_names_and_types" -> LoadFormat.CSV_WITH_NAMES_AND_TYPES;
            case "json" -> LoadFormat.JSON;
            case "parquet", "orc", "arrow" -> throw ErrorCode.NOT_SUPPORTED.exception("Stream Load format " + value);
            default -> throw invalid("unknown data format, format=" + value);
        };
    }

    private static boolean parseStrict(String value) {
        if (isBlank(value)) {
            return false;
        }
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw invalid("Invalid strict mode format. Must be bool type");
        };
    }

    private static double parseRatio(String value) {
        if (isBlank(value)) {
            return 0;
        }
        double r;
        try {
            r = Double.parseDouble(value.strip());
        } catch (NumberFormatException e) {
            throw invalid("Invalid max_filter_ratio: " + value + ", it must be a number between 0 and 1");
        }
        if (!(r >= 0 && r <= 1)) {
            throw invalid("Invalid max_filter_ratio: " + value + ", it must be a number between 0 and 1");
        }
        return r;
    }

    private static int parseSkipLines(String value) {
        if (isBlank(value)) {
            return 0;
        }
        try {
            int n = Integer.parseInt(value.strip());
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // fall through to the common message
        }
        throw invalid("Invalid skip_lines: " + value + ", it must be an integer >= 0");
    }

    private static byte singleChar(String value, String name) {
        if (value == null || value.isEmpty()) {
            return 0;
        }
        byte[] b = value.getBytes(StandardCharsets.UTF_8);
        if (b.length != 1) {
            throw invalid(name + " must be single-char, actually is " + value);
        }
        return b[0];
    }

    /** Decodes a separator header; null/empty gives the default. */
    public static byte[] separator(String value, String defaultValue, String name) {
        if (value == null || value.isEmpty()) {
            return defaultValue.getBytes(StandardCharsets.UTF_8);
        }
        if ((value.startsWith("\\x") || value.startsWith("\\X")) && value.length() > 2) {
            String hex = value.substring(2);
            if (hex.length() % 2 != 0 || !hex.matches("[0-9a-fA-F]+")) {
                throw invalid("Invalid " + name + ": " + value + ", the \\x form needs an even number of hex digits");
            }
            byte[] out = new byte[hex.length() / 2];
            for (int i = 0; i < out.length; i++) {
                out[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
            }
            return out;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] raw = value.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < raw.length; i++) {
            if (raw[i] == '\\' && i + 1 < raw.length) {
                byte next = raw[i + 1];
                int decoded = switch (next) {
                    case 't' -> '\t';
                    case 'n' -> '\n';
                    case 'r' -> '\r';
                    case '\\' -> '\\';
                    default -> -1;
                };
                if (decoded >= 0) {
                    out.write(decoded);
                    i++;
                    continue;
                }
            }
            out.write(raw[i]);
        }
        return out.toByteArray();
    }

    /** {@code ["$.a", "$.b.c"]}: a JSON array of strings, each a path starting with {@code $}. */
    private static List<String> parseJsonPaths(String value) {
        if (isBlank(value)) {
            return List.of();
        }
        String v = value.strip();
        if (!v.startsWith("[") || !v.endsWith("]")) {
            throw invalid("Invalid jsonpaths: " + value + ", it must be a JSON array of strings");
        }
        List<String> paths = new ArrayList<>();
        try (var parser = new com.fasterxml.jackson.core.JsonFactory().createParser(v)) {
            parser.nextToken();
            com.fasterxml.jackson.core.JsonToken t;
            while ((t = parser.nextToken()) != com.fasterxml.jackson.core.JsonToken.END_ARRAY) {
                if (t != com.fasterxml.jackson.core.JsonToken.VALUE_STRING || !parser.getText().startsWith("$")) {
                    throw invalid("Invalid jsonpaths: " + value + ", every path must be a string starting with $");
                }
                paths.add(parser.getText());
            }
        } catch (java.io.IOException e) {
            throw invalid("Invalid jsonpaths: " + value + ", it must be a JSON array of strings");
        }
        return List.copyOf(paths);
    }

    private static boolean lenientBool(String value) {
        return value != null && value.strip().equalsIgnoreCase("true");
    }

    private static boolean isBlank(String s) {
        return s == null || s.isBlank();
    }

    private static String blankToNull(String s) {
        return isBlank(s) ? null : s.strip();
    }

    private static ShoalException invalid(String message) {
        return ErrorCode.LOAD_INVALID_ARGUMENT.exception(message);
    }
}
