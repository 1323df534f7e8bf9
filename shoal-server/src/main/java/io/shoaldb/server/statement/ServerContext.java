package io.shoaldb.server.statement;

import io.shoaldb.api.ServerInfo;
import io.shoaldb.catalog.Catalog;
import io.shoaldb.server.session.SessionRegistry;
import io.shoaldb.server.variable.GlobalVariables;

/** The server-wide parts statements work on. */
public record ServerContext(Catalog catalog, GlobalVariables globals, ServerInfo serverInfo, SessionRegistry sessions) {
}
