package io.shoaldb.sql.tree;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code CREATE DATABASE [IF NOT EXISTS] db [PROPERTIES (...)]} (SCHEMA is a synonym). */
public final class SqlCreateDatabase extends DorisNode {
    private static final SqlOperator OPERATOR = operator("CREATE DATABASE", SqlKind.OTHER_DDL);
    private final String database;
    private final boolean ifNotExists;
    private final Map<String, String> properties;

    public SqlCreateDatabase(SqlParserPos pos, String database, boolean ifNotExists, Map<String, String> properties) {
        super(pos, OPERATOR);
        this.database = database;
        this.ifNotExists = ifNotExists;
        this.properties = Collections.unmodifiableMap(
                properties == null ? new LinkedHashMap<>() : new LinkedHashMap<>(properties));
    }

    public String database() {
        return database;
    }

    public boolean ifNotExists() {
        return ifNotExists;
    }

    /** Never null; insertion order. */
    public Map<String, String> properties() {
        return properties;
    }

    @Override
    public void unparse(SqlWriter w, int leftPrec, int rightPrec) {
        w.keyword("CREATE DATABASE");
        if (ifNotExists) {
            w.keyword("IF NOT EXISTS");
        }
        Unparsing.identifier(w, database);
        if (!properties.isEmpty()) {
            w.keyword("PROPERTIES");
            Unparsing.properties(w, properties);
        }
    }
}
