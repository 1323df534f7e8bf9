/**
 * Operators: the pull-based {@link io.shoaldb.exec.operator.Operator} contract and its implementations
 * (tablet scan, filter, project, hash aggregation, sort / top-N, limit, values, exchange source).
 */
package io.shoaldb.exec.operator;
