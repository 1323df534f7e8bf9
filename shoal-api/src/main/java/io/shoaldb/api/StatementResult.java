package io.shoaldb.api;

/** The outcome of one statement: a row count (DDL, DML, SET) or a result set. */
public sealed interface StatementResult permits UpdateResult, QueryResult {
}
