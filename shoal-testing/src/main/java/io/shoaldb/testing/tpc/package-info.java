/**
 * The TPC-H / TPC-DS harness: generated data cached as text, loaded into ShoalDB by Stream Load and into
 * DuckDB (the reference) from the same files, the queries as resources, and the row-by-row comparison of
 * their results. Used by {@code TpcQueriesTest} (correctness) and shoal-bench's {@code TpcBenchmark} (time).
 */
package io.shoaldb.testing.tpc;
