/**
 * Spilling on a real server: the TPC queries with operators forced to spill and under a small exec_mem_limit
 * (compared with DuckDB), and the spill files' life: gone after every way a query can end, and after a crash.
 */
package io.shoaldb.testing.spill;
