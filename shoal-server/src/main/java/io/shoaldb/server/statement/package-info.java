/** Runs parsed statements: DDL against the catalog, SHOW, SET, transactions, and constant SELECTs. */
package io.shoaldb.server.statement;
