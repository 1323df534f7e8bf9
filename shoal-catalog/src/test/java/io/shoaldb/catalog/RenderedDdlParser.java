package io.shoaldb.catalog;

import io.shoaldb.catalog.model.AggregationType;
import io.shoaldb.catalog.model.ColumnDefault;
import io.shoaldb.catalog.model.ColumnDefinition;
import io.shoaldb.catalog.model.Distribution;
import io.shoaldb.catalog.model.KeysType;
import io.shoaldb.catalog.model.TableDefinition;
import io.shoaldb.vector.type.DataType;
import io.shoaldb.vector.type.TypeId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads back exactly the text ShowCreateTable writes (the real parser lives in shoal-sql), so tests can
 * check that the rendering says everything needed to create an equal table.
 */
final class RenderedDdlParser {
    private static final Pattern HEAD = Pattern.compile("CREATE TABLE `((?:[^`]|``)+)` \\(");
    private static final Pattern COLUMN = Pattern.compile(
            "  `((?:[^`]|``)+)` (\\S+)(?: (SUM|MIN|MAX|REPLACE|REPLACE_IF_NOT_NULL))? (NULL|NOT NULL)"
                    + "(?: DEFAULT (\"(?:[^\"\\\\]|\\\\.)*\"|NULL|CURRENT_TIMESTAMP))?"
                    + "(?: COMMENT ('(?:[^'\\\\]|\\\\.)*'))?,?");
    private static final Pattern KEYS = Pattern.compile("(DUPLICATE|UNIQUE|AGGREGATE) KEY\\((.*)\\)");
    private static final Pattern COMMENT = Pattern.compile("COMMENT ('(?:[^'\\\\]|\\\\.)*')");
    private static final Pattern DIST = Pattern.compile(
            "DISTRIBUTED BY (?:HASH\\((.*)\\)|RANDOM) BUCKETS (AUTO|\\d+)");
    private static final Pattern PROP = Pattern.compile("(\"(?:[^\"\\\\]|\\\\.)*\") = (\"(?:[^\"\\\\]|\\\\.)*\"),?");

    private RenderedDdlParser() {
    }

    static TableDefinition parse(String database, String text) {
        List<String> lines = Arrays.asList(text.split("\n"));
        int i = 0;
        Matcher head = must(HEAD, lines.get(i++));
        String name = head.group(1).replace("``", "`");
        List<ColumnDefinition> columns = new ArrayList<>();
        while (!lines.get(i).equals(") ENGINE=OLAP")) {
            Matcher m = must(COLUMN, lines.get(i++));
            AggregationType agg = m.group(3) == null ? null : AggregationType.valueOf(m.group(3));
            ColumnDefault def = m.group(5) == null ? null
                    : m.group(5).equals("NULL") ? ColumnDefault.NULL
                    : m.group(5).equals("CURRENT_TIMESTAMP") ? ColumnDefault.CURRENT_TIMESTAMP
                    : ColumnDefault.literal(unquote(m.group(5)));
            columns.add(new ColumnDefinition(m.group(1).replace("``", "`"), type(m.group(2)),
                    m.group(4).equals("NULL"), agg, def, m.group(6) == null ? null : unquote(m.group(6))));
        }
        i++;
        Matcher keys = must(KEYS, lines.get(i++));
        String comment = null;
        Matcher c = COMMENT.matcher(lines.get(i));
        if (c.matches()) {
            comment = unquote(c.group(1));
            i++;
        }
        Matcher dist = must(DIST, lines.get(i++));
        int buckets = dist.group(2).equals("AUTO") ? 0 : Integer.parseInt(dist.group(2));
        Distribution distribution = dist.group(1) == null ? Distribution.random(buckets)
                : Distribution.hash(names(dist.group(1)), buckets);
        Map<String, String> props = new LinkedHashMap<>();
        if (i < lines.size()) {
            if (!lines.get(i++).equals("PROPERTIES (")) {
                throw new AssertionError("expected PROPERTIES at line " + i);
            }
            while (!lines.get(i).equals(")")) {
                Matcher p = must(PROP, lines.get(i++));
                props.put(unquote(p.group(1)), unquote(p.group(2)));
            }
            if (i != lines.size() - 1) {
                throw new AssertionError("text after PROPERTIES");
            }
        }
        return new TableDefinition(database, name, columns, "OLAP", KeysType.valueOf(keys.group(1)),
                names(keys.group(2)), distribution, props, comment);
    }

    private static Matcher must(Pattern p, String line) {
        Matcher m = p.matcher(line);
        if (!m.matches()) {
            throw new AssertionError("line does not match " + p + ": " + line);
        }
        return m;
    }

    private static List<String> names(String list) {
        List<String> out = new ArrayList<>();
        for (String part : list.split(", ")) {
            out.add(part.substring(1, part.length() - 1).replace("``", "`"));
        }
        return out;
    }

    private static String unquote(String quoted) {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i < quoted.length() - 1; i++) {
            char ch = quoted.charAt(i);
            sb.append(ch == '\\' ? quoted.charAt(++i) : ch);
        }
        return sb.toString();
    }

    private static DataType type(String sql) {
        Matcher m = Pattern.compile("(\\w+)(?:\\((\\d+)(?:,(\\d+))?\\))?").matcher(sql);
        if (!m.matches()) {
            throw new AssertionError("type " + sql);
        }
        int a = m.group(2) == null ? 0 : Integer.parseInt(m.group(2));
        int b = m.group(3) == null ? 0 : Integer.parseInt(m.group(3));
        return switch (m.group(1)) {
            case "boolean" -> DataType.BOOLEAN;
            case "tinyint" -> DataType.TINYINT;
            case "smallint" -> DataType.SMALLINT;
            case "int" -> DataType.INT;
            case "bigint" -> DataType.BIGINT;
            case "largeint" -> DataType.LARGEINT;
            case "float" -> DataType.FLOAT;
            case "double" -> DataType.DOUBLE;
            case "decimal" -> DataType.decimal(a, b);
            case "date" -> DataType.DATE;
            case "datetime" -> DataType.datetime(a);
            case "char" -> DataType.charType(a);
            case "varchar" -> DataType.varchar(a);
            case "text" -> DataType.STRING;
            case "json" -> new DataType(TypeId.JSON, 0, 0, 0);
            default -> throw new AssertionError("type " + sql);
        };
    }
}
