package io.shoaldb.server.statement;

import io.shoaldb.api.ResultColumn;
import io.shoaldb.api.StatementResult;
import io.shoaldb.api.UpdateResult;
import io.shoaldb.catalog.ShowCreateTable;
import io.shoaldb.catalog.CatalogSnapshot;
import io.shoaldb.catalog.model.Column;
import io.shoaldb.catalog.model.Database;
import io.shoaldb.catalog.model.Table;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.server.auth.Privileges;
import io.shoaldb.server.expression.LikeMatcher;
import io.shoaldb.server.infoschema.CharacterSets;
import io.shoaldb.server.infoschema.InformationSchema;
import io.shoaldb.server.infoschema.TableDescriptions;
import io.shoaldb.server.session.ShoalSession;
import io.shoaldb.sql.planner.SystemColumn;
import io.shoaldb.sql.planner.SystemTable;
import io.shoaldb.sql.tree.AlterOperation;
import io.shoaldb.sql.tree.SqlAlterTable;
import io.shoaldb.sql.tree.SqlCreateTable;
import io.shoaldb.sql.tree.SqlDropTable;
import io.shoaldb.sql.tree.SqlShowColumns;
import io.shoaldb.sql.tree.SqlShowCreateTable;
import io.shoaldb.sql.tree.SqlShowTables;
import io.shoaldb.sql.tree.SqlTruncateTable;
import java.util.List;
import java.util.function.Predicate;

/** CREATE / DROP / ALTER TABLE and the SHOW statements that describe tables. */
final class TableStatements {
    private final ServerContext server;
    private final MetadataStatements metadata;

    TableStatements(ServerContext server, MetadataStatements metadata) {
        this.server = server;
        this.metadata = metadata;
    }

    StatementResult create(ShoalSession session, SqlCreateTable statement) {
        String database = Names.database(session, statement.database());
        server.tables().create(TableDefinitions.from(database, statement), statement.ifNotExists());
        return UpdateResult.OK;
    }

    StatementResult drop(ShoalSession session, SqlDropTable statement) {
        server.tables().drop(Names.database(session, statement.database()), statement.table(),
                statement.ifExists(), session.variables().queryTimeout());
        return UpdateResult.OK;
    }

    StatementResult alter(ShoalSession session, SqlAlterTable statement) {
        String database = Names.database(session, statement.database());
        for (AlterOperation operation : statement.operations()) {
            switch (operation) {
                case AlterOperation.SetProperties set ->
                        server.tables().alterProperties(database, statement.table(), set.properties());
                case AlterOperation.AddColumn add -> server.tables().addColumn(database, statement.table(),
                        TableDefinitions.column(add.column()), add.after(), add.first());
                case AlterOperation.DropColumn dropColumn ->
                        server.tables().dropColumn(database, statement.table(), dropColumn.name());
                case AlterOperation.ModifyColumn modify -> server.tables().modifyColumn(database, statement.table(),
                        TableDefinitions.column(modify.column()), session.variables().queryTimeout());
            }
        }
        return UpdateResult.OK;
    }

    StatementResult truncate(ShoalSession session, SqlTruncateTable statement) {
        server.tables().truncate(table(server.catalog().snapshot(), Names.database(session, statement.database()),
                statement.table()), session.variables().queryTimeout());
        return UpdateResult.OK;
    }

    /** The tables of the database that the session's account may see. */
    StatementResult showTables(ShoalSession session, SqlShowTables statement, Privileges privileges) {
        String database = Names.database(session, statement.database());
        Predicate<String> like = LikeMatcher.compile(statement.likePattern(), false);
        if (InformationSchema.names(database)) {
            return systemTables(session, statement.full(), like);
        }
        CatalogSnapshot snapshot = server.catalog().snapshot();
        if (snapshot.database(database).isEmpty()) {
            throw ErrorCode.UNKNOWN_DATABASE.exception(database);
        }
        TextTable result = statement.full()
                ? new TextTable("Tables_in_" + database, "Table_type")
                : new TextTable("Tables_in_" + database);
        for (Table table : snapshot.tables(database)) {
            if (!like.test(table.name()) || !privileges.canSeeTable(database, table.name())) {
                continue;
            }
            if (statement.full()) {
                result.row(table.name(), "BASE TABLE");
            } else {
                result.row(table.name());
            }
        }
        return result.result();
    }

    /** information_schema's tables, by name, as MySQL lists them: SYSTEM VIEWs. */
    private StatementResult systemTables(ShoalSession session, boolean full, Predicate<String> like) {
        String header = "Tables_in_" + InformationSchema.NAME;
        TextTable result = full ? new TextTable(header, "Table_type") : new TextTable(header);
        QueryContexts.informationSchema(session, server).tables().stream().map(SystemTable::name).sorted()
                .filter(like)
                .forEach(name -> {
                    if (full) {
                        result.row(name, "SYSTEM VIEW");
                    } else {
                        result.row(name);
                    }
                });
        return result.result();
    }

    StatementResult showCreate(ShoalSession session, SqlShowCreateTable statement) {
        String database = Names.database(session, statement.database());
        CatalogSnapshot snapshot = server.catalog().snapshot();
        Table table = table(snapshot, database, statement.table());
        Database db = snapshot.database(database).orElseThrow();
        return new TextTable("Table", "Create Table").row(table.name(), ShowCreateTable.render(db, table)).result();
    }

    StatementResult showColumns(ShoalSession session, SqlShowColumns statement) {
        String database = Names.database(session, statement.database());
        Predicate<String> like = LikeMatcher.compile(statement.likePattern(), true);
        TextTable result = statement.full()
                ? new TextTable("Field", "Type", "Collation", "Null", "Key", "Default", "Extra", "Privileges",
                        "Comment")
                : new TextTable("Field", "Type", "Null", "Key", "Default", "Extra");
        if (InformationSchema.names(database)) {
            for (SystemColumn column : metadata.systemTable(session, statement.table()).columns()) {
                if (!like.test(column.name())) {
                    continue;
                }
                String type = column.type().toSql();
                String nullable = column.nullable() ? "YES" : "NO";
                if (statement.full()) {
                    String collation = column.type().id().isString() ? CharacterSets.DEFAULT_COLLATION : null;
                    result.row(column.name(), type, collation, nullable, "false", null, "", "select", "");
                } else {
                    result.row(column.name(), type, nullable, "false", null, "");
                }
            }
            return result.result();
        }
        Table table = table(server.catalog().snapshot(), database, statement.table());
        for (Column column : table.columns()) {
            if (!like.test(column.name())) {
                continue;
            }
            String type = column.type().toSql();
            String nullable = column.nullable() ? "YES" : "NO";
            String key = Boolean.toString(column.key());
            String defaultText = TableDescriptions.defaultText(column.defaultValue());
            String extra = TableDescriptions.extra(column);
            if (statement.full()) {
                String collation = column.type().id().isString() ? CharacterSets.DEFAULT_COLLATION : null;
                result.row(column.name(), type, collation, nullable, key, defaultText, extra, "select,insert,update",
                        column.comment());
            } else {
                result.row(column.name(), type, nullable, key, defaultText, extra);
            }
        }
        return result.result();
    }

    List<ResultColumn> listFields(ShoalSession session, String tableName, String wildcard) {
        String database = Names.database(session, null);
        Table table = table(server.catalog().snapshot(), database, tableName);
        Predicate<String> like = LikeMatcher.compile(wildcard == null || wildcard.isEmpty() ? null : wildcard, true);
        return table.columns().stream()
                .filter(column -> like.test(column.name()))
                .map(column -> new ResultColumn(column.name(), table.name(), database, column.type(), column.nullable()))
                .toList();
    }

    static Table table(CatalogSnapshot snapshot, String database, String name) {
        if (snapshot.database(database).isEmpty()) {
            throw ErrorCode.UNKNOWN_DATABASE.exception(database);
        }
        return snapshot.table(database, name).orElseThrow(() -> ErrorCode.NO_SUCH_TABLE.exception(database, name));
    }
}
