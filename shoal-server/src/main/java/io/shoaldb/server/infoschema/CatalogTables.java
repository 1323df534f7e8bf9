package io.shoaldb.server.infoschema;

import io.shoaldb.catalog.CatalogSnapshot;
import io.shoaldb.catalog.model.Column;
import io.shoaldb.catalog.model.Database;
import io.shoaldb.catalog.model.Table;
import io.shoaldb.sql.planner.SystemColumn;
import io.shoaldb.sql.planner.SystemTable;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * schemata, tables, columns, views and statistics: the catalog (one snapshot per query) and information_schema
 * itself, in MySQL 5.7's columns, which is what Doris and the drivers read. Only what {@link Visibility} lets the
 * querying user see is listed.
 */
final class CatalogTables {
    private static final String CATALOG = "def";
    private final CatalogSnapshot catalog;
    private final TableSizes sizes;
    private final Visibility visibility;
    private final Supplier<List<SystemTable>> systemTables;

    CatalogTables(CatalogSnapshot catalog, TableSizes sizes, Visibility visibility,
            Supplier<List<SystemTable>> systemTables) {
        this.catalog = catalog;
        this.sizes = sizes;
        this.visibility = visibility;
        this.systemTables = systemTables;
    }

    List<InfoTable> tables() {
        return List.of(schemata(), tablesTable(), columns(), views(), statistics());
    }

    private InfoTable schemata() {
        return new InfoTable("schemata", List.of(InfoTable.text("CATALOG_NAME"), InfoTable.text("SCHEMA_NAME"),
                InfoTable.text("DEFAULT_CHARACTER_SET_NAME"), InfoTable.text("DEFAULT_COLLATION_NAME"),
                InfoTable.nullableText("SQL_PATH")), () -> {
                    List<Object[]> rows = new ArrayList<>();
                    rows.add(schema(InformationSchema.NAME));
                    for (Database database : visibleDatabases()) {
                        rows.add(schema(database.name()));
                    }
                    return InfoTable.rows(rows);
                });
    }

    private List<Database> visibleDatabases() {
        return catalog.databases().stream().filter(d -> visibility.database(d.name())).toList();
    }

    private List<Table> visibleTables(Database database) {
        return catalog.tables(database.name()).stream()
                .filter(t -> visibility.table(database.name(), t.name())).toList();
    }

    private static Object[] schema(String name) {
        return new Object[] {CATALOG, name, CharacterSets.DEFAULT_CHARSET, CharacterSets.DEFAULT_COLLATION, null};
    }

    private InfoTable tablesTable() {
        return new InfoTable("tables", List.of(InfoTable.text("TABLE_CATALOG"), InfoTable.text("TABLE_SCHEMA"),
                InfoTable.text("TABLE_NAME"), InfoTable.text("TABLE_TYPE"), InfoTable.nullableText("ENGINE"),
                InfoTable.number("VERSION"), InfoTable.nullableText("ROW_FORMAT"), InfoTable.number("TABLE_ROWS"),
                InfoTable.number("AVG_ROW_LENGTH"), InfoTable.number("DATA_LENGTH"),
                InfoTable.number("MAX_DATA_LENGTH"), InfoTable.number("INDEX_LENGTH"), InfoTable.number("DATA_FREE"),
                InfoTable.number("AUTO_INCREMENT"), InfoTable.datetime("CREATE_TIME"),
                InfoTable.datetime("UPDATE_TIME"), InfoTable.datetime("CHECK_TIME"),
                InfoTable.nullableText("TABLE_COLLATION"), InfoTable.number("CHECKSUM"),
                InfoTable.nullableText("CREATE_OPTIONS"), InfoTable.text("TABLE_COMMENT")), () -> {
                    List<Object[]> rows = new ArrayList<>();
                    for (SystemTable table : systemTables.get()) {
                        rows.add(new Object[] {CATALOG, InformationSchema.NAME, table.name(), "SYSTEM VIEW", "MEMORY",
                                10, "Fixed", null, 0, 0, 0, 0, 0, null, null, null, null,
                                CharacterSets.DEFAULT_COLLATION, null, "", ""});
                    }
                    for (Database database : visibleDatabases()) {
                        for (Table table : visibleTables(database)) {
                            TableDescriptions.Status s = TableDescriptions.status(table, sizes);
                            rows.add(new Object[] {CATALOG, database.name(), table.name(), "BASE TABLE",
                                    TableDescriptions.ENGINE, 10, "Dynamic", s.rows(), s.averageRowLength(),
                                    s.dataLength(), 0, 0, 0, null, s.createTime(), null, null,
                                    CharacterSets.DEFAULT_COLLATION, null, "", s.comment()});
                        }
                    }
                    return InfoTable.rows(rows);
                });
    }

    private InfoTable columns() {
        return new InfoTable("columns", List.of(InfoTable.text("TABLE_CATALOG"), InfoTable.text("TABLE_SCHEMA"),
                InfoTable.text("TABLE_NAME"), InfoTable.text("COLUMN_NAME"), InfoTable.number("ORDINAL_POSITION"),
                InfoTable.nullableText("COLUMN_DEFAULT"), InfoTable.text("IS_NULLABLE"), InfoTable.text("DATA_TYPE"),
                InfoTable.number("CHARACTER_MAXIMUM_LENGTH"), InfoTable.number("CHARACTER_OCTET_LENGTH"),
                InfoTable.number("NUMERIC_PRECISION"), InfoTable.number("NUMERIC_SCALE"),
                InfoTable.number("DATETIME_PRECISION"), InfoTable.nullableText("CHARACTER_SET_NAME"),
                InfoTable.nullableText("COLLATION_NAME"), InfoTable.text("COLUMN_TYPE"), InfoTable.text("COLUMN_KEY"),
                InfoTable.text("EXTRA"), InfoTable.text("PRIVILEGES"), InfoTable.text("COLUMN_COMMENT"),
                InfoTable.text("GENERATION_EXPRESSION")), () -> {
                    List<Object[]> rows = new ArrayList<>();
                    for (SystemTable table : systemTables.get()) {
                        int position = 1;
                        for (SystemColumn column : table.columns()) {
                            rows.add(column(InformationSchema.NAME, table.name(), column.name(), position++,
                                    null, column.nullable(), ColumnTypes.of(column.type()), "", "", "select", ""));
                        }
                    }
                    for (Database database : visibleDatabases()) {
                        for (Table table : visibleTables(database)) {
                            int position = 1;
                            for (Column column : table.columns()) {
                                rows.add(column(database.name(), table.name(), column.name(), position++,
                                        TableDescriptions.defaultText(column.defaultValue()), column.nullable(),
                                        ColumnTypes.of(column.type()), TableDescriptions.columnKey(table, column),
                                        TableDescriptions.extra(column), "select,insert,update", column.comment()));
                            }
                        }
                    }
                    return InfoTable.rows(rows);
                });
    }

    private static Object[] column(String database, String table, String name, int position, String defaultText,
            boolean nullable, ColumnTypes type, String key, String extra, String privileges, String comment) {
        return new Object[] {CATALOG, database, table, name, position, defaultText, nullable ? "YES" : "NO",
                type.dataType(), type.characterMaximumLength(), type.characterOctetLength(), type.numericPrecision(),
                type.numericScale(), type.datetimePrecision(),
                type.isText() ? CharacterSets.DEFAULT_CHARSET : null,
                type.isText() ? CharacterSets.DEFAULT_COLLATION : null, type.columnType(), key, extra, privileges,
                comment, ""};
    }

    /** ShoalDB has no views yet: the table is there, empty, for the tools that read it. */
    private static InfoTable views() {
        return new InfoTable("views", List.of(InfoTable.text("TABLE_CATALOG"), InfoTable.text("TABLE_SCHEMA"),
                InfoTable.text("TABLE_NAME"), InfoTable.text("VIEW_DEFINITION"), InfoTable.text("CHECK_OPTION"),
                InfoTable.text("IS_UPDATABLE"), InfoTable.text("DEFINER"), InfoTable.text("SECURITY_TYPE"),
                InfoTable.text("CHARACTER_SET_CLIENT"), InfoTable.text("COLLATION_CONNECTION")), List::of);
    }

    private InfoTable statistics() {
        return new InfoTable("statistics", List.of(InfoTable.text("TABLE_CATALOG"), InfoTable.text("TABLE_SCHEMA"),
                InfoTable.text("TABLE_NAME"), InfoTable.number("NON_UNIQUE"), InfoTable.text("INDEX_SCHEMA"),
                InfoTable.text("INDEX_NAME"), InfoTable.number("SEQ_IN_INDEX"), InfoTable.text("COLUMN_NAME"),
                InfoTable.nullableText("COLLATION"), InfoTable.number("CARDINALITY"), InfoTable.number("SUB_PART"),
                InfoTable.nullableText("PACKED"), InfoTable.text("NULLABLE"), InfoTable.text("INDEX_TYPE"),
                InfoTable.text("COMMENT"), InfoTable.text("INDEX_COMMENT")), () -> {
                    List<Object[]> rows = new ArrayList<>();
                    for (Database database : visibleDatabases()) {
                        for (Table table : visibleTables(database)) {
                            for (TableDescriptions.KeyPart part : TableDescriptions.primaryKey(table)) {
                                rows.add(new Object[] {CATALOG, database.name(), table.name(), 0, database.name(),
                                        TableDescriptions.PRIMARY, part.sequence(), part.column(), "A", null, null,
                                        null, part.nullable() ? "YES" : "", TableDescriptions.INDEX_TYPE, "", ""});
                            }
                        }
                    }
                    return InfoTable.rows(rows);
                });
    }
}
