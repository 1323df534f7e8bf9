package io.shoaldb.server.statement;

import io.shoaldb.api.StatementResult;
import io.shoaldb.catalog.CatalogSnapshot;
import io.shoaldb.catalog.model.Table;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.server.auth.Privileges;
import io.shoaldb.server.expression.LikeMatcher;
import io.shoaldb.server.infoschema.CharacterSets;
import io.shoaldb.server.infoschema.InformationSchema;
import io.shoaldb.server.infoschema.TableDescriptions;
import io.shoaldb.server.infoschema.TableSizes;
import io.shoaldb.server.session.ShoalSession;
import io.shoaldb.sql.planner.SystemTable;
import io.shoaldb.sql.tree.SqlShowIndex;
import io.shoaldb.sql.tree.SqlShowTableStatus;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;

/**
 * The SHOW statements drivers send in their metadata calls (Connector/J's getPrimaryKeys and getIndexInfo, BI
 * tools' table lists): SHOW INDEX / KEYS and SHOW TABLE STATUS, with MySQL's columns and the same answers as
 * information_schema.statistics and information_schema.tables.
 */
final class MetadataStatements {
    private static final DateTimeFormatter DATETIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    private final ServerContext server;

    MetadataStatements(ServerContext server) {
        this.server = server;
    }

    StatementResult showIndex(ShoalSession session, SqlShowIndex statement) {
        String database = Names.database(session, statement.database());
        TextTable result = new TextTable("Table", "Non_unique", "Key_name", "Seq_in_index", "Column_name",
                "Collation", "Cardinality", "Sub_part", "Packed", "Null", "Index_type", "Comment", "Index_comment");
        if (InformationSchema.names(database)) {
            systemTable(session, statement.table());
            return result.result();
        }
        Table table = TableStatements.table(server.catalog().snapshot(), database, statement.table());
        for (TableDescriptions.KeyPart part : TableDescriptions.primaryKey(table)) {
            result.row(table.name(), "0", TableDescriptions.PRIMARY, Integer.toString(part.sequence()), part.column(),
                    "A", null, null, null, part.nullable() ? "YES" : "", TableDescriptions.INDEX_TYPE, "", "");
        }
        return result.result();
    }

    StatementResult showTableStatus(ShoalSession session, SqlShowTableStatus statement) {
        String database = Names.database(session, statement.database());
        Predicate<String> like = LikeMatcher.compile(statement.likePattern(), false);
        TextTable result = new TextTable("Name", "Engine", "Version", "Row_format", "Rows", "Avg_row_length",
                "Data_length", "Max_data_length", "Index_length", "Data_free", "Auto_increment", "Create_time",
                "Update_time", "Check_time", "Collation", "Checksum", "Create_options", "Comment");
        if (InformationSchema.names(database)) {
            List<SystemTable> tables = QueryContexts.informationSchema(session, server).tables().stream()
                    .sorted(Comparator.comparing(SystemTable::name)).toList();
            for (SystemTable table : tables) {
                if (like.test(table.name())) {
                    result.row(table.name(), "MEMORY", "10", "Fixed", null, "0", "0", "0", "0", "0", null, null,
                            null, null, CharacterSets.DEFAULT_COLLATION, null, "", "");
                }
            }
            return result.result();
        }
        CatalogSnapshot snapshot = server.catalog().snapshot();
        if (snapshot.database(database).isEmpty()) {
            throw ErrorCode.UNKNOWN_DATABASE.exception(database);
        }
        TableSizes sizes = TableSizes.of(server.storage());
        Privileges privileges = session.privileges(snapshot);
        for (Table table : snapshot.tables(database)) {
            if (!like.test(table.name()) || !privileges.canSeeTable(database, table.name())) {
                continue;
            }
            TableDescriptions.Status s = TableDescriptions.status(table, sizes);
            result.row(s.name(), TableDescriptions.ENGINE, "10", "Dynamic", Long.toString(s.rows()),
                    Long.toString(s.averageRowLength()), Long.toString(s.dataLength()), "0", "0", "0", null,
                    DATETIME.format(s.createTime()), null, null, CharacterSets.DEFAULT_COLLATION, null, "",
                    s.comment());
        }
        return result.result();
    }

    /** The information_schema table {@code name}, or MySQL's 1146 for a name it does not have. */
    SystemTable systemTable(ShoalSession session, String name) {
        return QueryContexts.informationSchema(session, server).table(name)
                .orElseThrow(() -> ErrorCode.NO_SUCH_TABLE.exception(InformationSchema.NAME, name));
    }
}
