/** The TPC-H / TPC-DS end-to-end benchmark run by bench/tpch.sh: ShoalDB server next to in-process DuckDB. */
package io.shoaldb.bench.tpc;
