package io.shoaldb.server.statement;

import io.shoaldb.api.StatementResult;
import io.shoaldb.api.UpdateResult;
import io.shoaldb.catalog.model.Database;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.server.auth.Privileges;
import io.shoaldb.server.expression.LikeMatcher;
import io.shoaldb.server.infoschema.InformationSchema;
import io.shoaldb.server.session.ShoalSession;
import io.shoaldb.sql.tree.SqlCreateDatabase;
import io.shoaldb.sql.tree.SqlDropDatabase;
import io.shoaldb.sql.tree.SqlShowDatabases;
import io.shoaldb.sql.tree.SqlUseDatabase;
import java.util.function.Predicate;

/** CREATE / DROP / USE / SHOW DATABASES; information_schema is listed first and can be used, not created. */
final class DatabaseStatements {
    private final ServerContext server;

    DatabaseStatements(ServerContext server) {
        this.server = server;
    }

    StatementResult create(SqlCreateDatabase statement) {
        if (!statement.properties().isEmpty()) {
            throw ErrorCode.UNKNOWN_PROPERTY.exception(statement.properties());
        }
        if (InformationSchema.names(statement.database())) {
            if (statement.ifNotExists()) {
                return UpdateResult.OK;
            }
            throw ErrorCode.DATABASE_EXISTS.exception(statement.database());
        }
        server.catalog().createDatabase(statement.database(), statement.ifNotExists());
        return UpdateResult.OK;
    }

    StatementResult drop(ShoalSession session, SqlDropDatabase statement) {
        server.tables().dropDatabase(statement.database(), statement.ifExists(), statement.force(),
                session.variables().queryTimeout());
        if (statement.database().equals(session.currentDatabase())) {
            session.clearCurrentDatabase();
        }
        return UpdateResult.OK;
    }

    StatementResult use(ShoalSession session, SqlUseDatabase statement) {
        String database = statement.database();
        session.useDatabase(InformationSchema.names(database) ? InformationSchema.NAME : database);
        return UpdateResult.OK;
    }

    /** The databases the session's account may see (any privilege on it or on one of its tables). */
    StatementResult show(ShoalSession session, SqlShowDatabases statement, Privileges privileges) {
        Predicate<String> like = LikeMatcher.compile(statement.likePattern(), false);
        TextTable table = new TextTable("Database");
        if (like.test(InformationSchema.NAME)) {
            table.row(InformationSchema.NAME);
        }
        for (Database database : server.catalog().snapshot().databases()) {
            if (like.test(database.name()) && privileges.canSeeDatabase(database.name())) {
                table.row(database.name());
            }
        }
        return table.result();
    }

    void checkExists(String database) {
        if (!InformationSchema.names(database) && server.catalog().snapshot().database(database).isEmpty()) {
            throw ErrorCode.UNKNOWN_DATABASE.exception(database);
        }
    }
}
