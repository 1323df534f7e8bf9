package io.shoaldb.sql.tree;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Doris's CREATE TABLE: columns, then {@code ENGINE=}, key clause (DUPLICATE/UNIQUE/AGGREGATE KEY),
 * table COMMENT, {@code DISTRIBUTED BY}, {@code PROPERTIES}. Only syntax is checked here; key and
 * distribution columns are checked against the column list by the catalog.
 */
public final class SqlCreateTable extends DorisNode {
    private static final SqlOperator OPERATOR = operator("CREATE TABLE", SqlKind.OTHER_DDL);
    private final boolean ifNotExists;
    private final String database;
    private final String table;
    private final List<SqlColumnDefinition> columns;
    private final String engine;
    private final KeysType keysType;
    private final List<String> keyColumns;
    private final SqlDistribution distribution;
    private final LinkedHashMap<String, String> properties;
    private final String comment;

    public SqlCreateTable(SqlParserPos pos, boolean ifNotExists, String database, String table,
            List<SqlColumnDefinition> columns, String engine, KeysType keysType, List<String> keyColumns,
            SqlDistribution distribution, Map<String, String> properties, String comment) {
        super(pos, OPERATOR);
        this.ifNotExists = ifNotExists;
        this.database = database;
        this.table = table;
        this.columns = List.copyOf(columns);
        this.engine = engine;
        this.keysType = keysType;
        this.keyColumns = keyColumns == null ? List.of() : List.copyOf(keyColumns);
        this.distribution = distribution;
        this.properties = properties == null ? new LinkedHashMap<>() : new LinkedHashMap<>(properties);
        this.comment = comment;
    }

    public boolean ifNotExists() {
        return ifNotExists;
    }

    /** Nullable: the session's current database. */
    public String database() {
        return database;
    }

    public String table() {
        return table;
    }

    public List<SqlColumnDefinition> columns() {
        return columns;
    }

    /** Nullable; as written (e.g. "OLAP"). */
    public String engine() {
        return engine;
    }

    /** Nullable when the statement has no key clause. */
    public KeysType keysType() {
        return keysType;
    }

    /** Empty when the statement has no key clause. */
    public List<String> keyColumns() {
        return keyColumns;
    }

    /** Nullable. */
    public SqlDistribution distribution() {
        return distribution;
    }

    /** Never null; insertion order. A copy, so callers may not change this node. */
    public LinkedHashMap<String, String> properties() {
        return new LinkedHashMap<>(properties);
    }

    /** Nullable. */
    public String comment() {
        return comment;
    }

    @Override
    public void unparse(SqlWriter w, int leftPrec, int rightPrec) {
        w.keyword("CREATE TABLE");
        if (ifNotExists) {
            w.keyword("IF NOT EXISTS");
        }
        Unparsing.name(w, database, table);
        SqlWriter.Frame frame = w.startList("(", ")");
        for (SqlColumnDefinition c : columns) {
            w.sep(",");
            c.unparse(w, 0, 0);
        }
        w.endList(frame);
        if (engine != null) {
            w.keyword("ENGINE =");
            Unparsing.identifier(w, engine);
        }
        if (keysType != null) {
            w.keyword(keysType.name() + " KEY");
            Unparsing.identifierList(w, keyColumns);
        }
        if (comment != null) {
            w.keyword("COMMENT");
            Unparsing.string(w, comment);
        }
        if (distribution != null) {
            distribution.unparse(w);
        }
        if (!properties.isEmpty()) {
            w.keyword("PROPERTIES");
            Unparsing.properties(w, properties);
        }
    }
}
