/** Client sessions: current database, variables, warnings, prepared statements, transaction state, audit. */
package io.shoaldb.server.session;
