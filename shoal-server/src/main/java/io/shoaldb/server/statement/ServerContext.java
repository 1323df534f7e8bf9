package io.shoaldb.server.statement;

import io.shoaldb.api.ServerInfo;
import io.shoaldb.catalog.Catalog;
import io.shoaldb.exec.QueryExecutor;
import io.shoaldb.sql.planner.QueryPlanner;
import io.shoaldb.ingest.groupcommit.GroupCommitManager;
import io.shoaldb.server.session.SessionRegistry;
import io.shoaldb.server.table.TableLifecycle;
import io.shoaldb.server.variable.GlobalVariables;
import io.shoaldb.server.vault.VaultStores;
import io.shoaldb.storage.StorageEngine;
import io.shoaldb.txn.TransactionManager;

/** The server-wide parts statements work on. */
public record ServerContext(Catalog catalog, TableLifecycle tables, StorageEngine storage, TransactionManager txns,
        GroupCommitManager groupCommit, QueryPlanner planner, QueryExecutor executor, GlobalVariables globals, ServerInfo serverInfo, SessionRegistry sessions,
        QueryAdmission admission, PlanCache planCache, VaultStores vaults) {
}
