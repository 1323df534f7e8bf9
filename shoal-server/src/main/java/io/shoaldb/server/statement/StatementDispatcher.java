package io.shoaldb.server.statement;

import io.shoaldb.api.ResultColumn;
import io.shoaldb.api.StatementResult;
import io.shoaldb.api.UpdateResult;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.server.session.ParameterText;
import io.shoaldb.server.session.ShoalSession;
import io.shoaldb.server.session.StatementRunner;
import io.shoaldb.sql.parser.DorisSqlParser;
import io.shoaldb.sql.tree.SqlAccountStatement;
import io.shoaldb.sql.tree.SqlStorageVaultStatement;
import io.shoaldb.sql.tree.SqlAlterTable;
import io.shoaldb.sql.tree.SqlBegin;
import io.shoaldb.sql.tree.SqlCommit;
import io.shoaldb.sql.tree.SqlCreateDatabase;
import io.shoaldb.sql.tree.SqlCreateTable;
import io.shoaldb.sql.parser.LiteralInsert;
import io.shoaldb.sql.tree.SqlDorisInsert;
import io.shoaldb.sql.tree.SqlDropDatabase;
import io.shoaldb.sql.tree.SqlDropTable;
import io.shoaldb.sql.tree.SqlExplainQuery;
import io.shoaldb.sql.tree.SqlRollback;
import io.shoaldb.sql.tree.SqlSetNames;
import io.shoaldb.sql.tree.SqlSetTransaction;
import io.shoaldb.sql.tree.SqlSetVariables;
import io.shoaldb.sql.tree.SqlShowColumns;
import io.shoaldb.sql.tree.SqlShowCreateTable;
import io.shoaldb.sql.tree.SqlShowDatabases;
import io.shoaldb.sql.tree.SqlShowSimple;
import io.shoaldb.sql.tree.SqlShowGroupCommit;
import io.shoaldb.sql.tree.SqlShowIndex;
import io.shoaldb.sql.tree.SqlShowTableStatus;
import io.shoaldb.sql.tree.SqlShowProc;
import io.shoaldb.sql.tree.SqlShowQueryProfile;
import io.shoaldb.sql.tree.SqlShowTables;
import io.shoaldb.sql.tree.SqlKill;
import io.shoaldb.sql.tree.SqlShowTablets;
import io.shoaldb.sql.tree.SqlShowTransaction;
import io.shoaldb.sql.tree.SqlShowVariables;
import io.shoaldb.sql.tree.SqlShowWarnings;
import io.shoaldb.sql.tree.SqlSyncGroupCommit;
import io.shoaldb.sql.tree.SqlTruncateTable;
import io.shoaldb.sql.tree.SqlUseDatabase;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.SqlSelect;

/** Sends each kind of statement to the class that runs it. */
public final class StatementDispatcher implements StatementRunner {
    private final DatabaseStatements databases;
    private final TableStatements tables;
    private final VariableStatements variables;
    private final SelectStatements selects;
    private final InfoStatements info;
    private final StorageStatements storage;
    private final TransactionStatements transactions = new TransactionStatements();
    private final InsertStatements inserts;
    private final GroupCommitStatements groupCommit;
    private final ProfileStatements profiles;
    private final KillStatements kills;
    private final StatementAccess access;
    private final AccountStatements accounts;
    private final VaultStatements vaults;
    private final MetadataStatements metadata;

    public StatementDispatcher(ServerContext server) {
        this.access = new StatementAccess(server);
        this.accounts = new AccountStatements(server, access);
        this.vaults = new VaultStatements(server);
        this.databases = new DatabaseStatements(server);
        this.metadata = new MetadataStatements(server);
        this.tables = new TableStatements(server, metadata);
        this.variables = new VariableStatements(server);
        QueryProfiles kept = new QueryProfiles();
        this.selects = new SelectStatements(server, kept, access);
        this.profiles = new ProfileStatements(kept);
        this.info = new InfoStatements(server);
        this.storage = new StorageStatements(server);
        this.inserts = new InsertStatements(server, access);
        this.groupCommit = new GroupCommitStatements(server);
        this.kills = new KillStatements(server);
    }

    @Override
    public StatementResult run(ShoalSession session, SqlNode statement, String sql) {
        access.checkStatement(session, statement);
        return switch (statement) {
            case SqlSelect select -> selects.select(session, select, sql);
            case SqlOrderBy orderBy -> selects.select(session, orderBy, sql);
            case SqlWith with -> selects.select(session, with, sql);
            case SqlExplainQuery explain -> selects.explain(session, explain);
            case SqlShowQueryProfile show -> profiles.show(show);
            case SqlCall setOperation when setOperation.getKind().belongsTo(SqlKind.SET_QUERY) ->
                    selects.select(session, setOperation, sql);
            case SqlSetVariables set -> variables.set(session, set);
            case SqlSetNames set -> variables.setNames(session, set);
            case SqlSetTransaction ignored -> UpdateResult.OK;
            case SqlShowVariables show -> variables.show(session, show);
            case SqlShowWarnings show -> info.showWarnings(session, show);
            case SqlShowSimple show -> info.showSimple(session, show, access.of(session).privileges().isAdmin());
            case SqlCreateDatabase create -> databases.create(create);
            case SqlDropDatabase drop -> databases.drop(session, drop);
            case SqlUseDatabase use -> databases.use(session, use);
            case SqlShowDatabases show -> databases.show(session, show, access.of(session).privileges());
            case SqlCreateTable create -> tables.create(session, create);
            case SqlDropTable drop -> tables.drop(session, drop);
            case SqlAlterTable alter -> tables.alter(session, alter);
            case SqlTruncateTable truncate -> tables.truncate(session, truncate);
            case SqlShowTables show -> tables.showTables(session, show, access.of(session).privileges());
            case SqlShowCreateTable show -> tables.showCreate(session, show);
            case SqlShowColumns show -> tables.showColumns(session, show);
            case SqlShowTablets show -> storage.showTablets(session, show);
            case SqlShowProc show -> storage.showProc(show);
            case SqlShowTransaction show -> storage.showTransaction(session, show);
            case SqlBegin begin -> transactions.begin(session, begin);
            case SqlCommit ignored -> transactions.commit(session,
                    Duration.ofSeconds(session.variables().insertTimeoutSeconds()));
            case SqlRollback ignored -> transactions.rollback(session);
            case SqlDorisInsert insert -> inserts.insert(session, insert, List.of());
            case SqlShowGroupCommit show -> groupCommit.show(show);
            case SqlSyncGroupCommit sync -> groupCommit.sync(session, sync);
            case SqlKill kill -> kills.kill(session, kill, access.of(session).privileges().isAdmin());
            case SqlAccountStatement account -> accounts.run(session, account);
            case SqlStorageVaultStatement vault -> vaults.run(access.of(session), vault);
            case SqlShowIndex show -> metadata.showIndex(session, show);
            case SqlShowTableStatus show -> metadata.showTableStatus(session, show);
            default -> throw ErrorCode.NOT_SUPPORTED.exception("the statement " + statement.getKind());
        };
    }

    @Override
    public StatementResult runLiteralInsert(ShoalSession session, LiteralInsert insert, List<Object> parameters) {
        return inserts.insert(session, insert, parameters);
    }

    @Override
    public CompletableFuture<StatementResult> runLiteralInsertAsync(ShoalSession session, LiteralInsert insert,
            List<Object> parameters, Executor finisher) {
        return inserts.insertAsync(session, insert, parameters, finisher);
    }

    @Override
    public StatementResult runPrepared(ShoalSession session, SqlNode statement, String sql, List<Object> parameters) {
        if (statement instanceof SqlDorisInsert insert) {
            return inserts.insert(session, insert, parameters);
        }
        String bound = ParameterText.scan(sql).bind(parameters);
        StatementResult cached = runCached(session, bound);
        return cached != null ? cached : run(session, DorisSqlParser.parse(bound), bound);
    }

    @Override
    public StatementResult runCached(ShoalSession session, String sql) {
        return selects.runCached(session, sql);
    }

    @Override
    public boolean answersImmediately(SqlNode statement) {
        return selects.answeredFromSession(statement);
    }

    @Override
    public boolean isWarningsQuery(SqlNode statement) {
        return statement instanceof SqlShowWarnings;
    }

    @Override
    public List<ResultColumn> describeColumns(ShoalSession session, SqlNode statement, String sql) {
        return switch (statement) {
            case SqlSelect ignored -> selects.describe(session, sql);
            case SqlOrderBy ignored -> selects.describe(session, sql);
            case SqlWith ignored -> selects.describe(session, sql);
            default -> List.of();
        };
    }

    @Override
    public List<ResultColumn> listFields(ShoalSession session, String table, String wildcard) {
        access.of(session).checkTableVisible(Names.database(session, null), table);
        return tables.listFields(session, table, wildcard);
    }

    @Override
    public void checkDatabaseExists(String database) {
        databases.checkExists(database);
    }

    @Override
    public void checkDatabaseAccess(ShoalSession session, String database) {
        access.of(session).checkDatabaseVisible(database);
    }
}
