/** The physical plan the executor runs: an immutable tree of operators and expressions, free of Calcite types. */
package io.shoaldb.sql.planner.physical;
