/** Scalar expressions of the physical plan (column refs, literals, arithmetic, predicates, casts, function calls), free of Calcite. */
package io.shoaldb.sql.planner.physical.expr;
