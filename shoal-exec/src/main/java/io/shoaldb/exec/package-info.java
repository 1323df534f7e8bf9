/**
 * Query execution entry point: {@link io.shoaldb.exec.QueryExecutor} runs a physical plan on the worker
 * pool and hands back a {@link io.shoaldb.exec.QueryResultStream}.
 */
package io.shoaldb.exec;
