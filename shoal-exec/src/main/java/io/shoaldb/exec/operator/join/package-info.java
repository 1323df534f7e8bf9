/**
 * Hash joins: the build side's rows hashed into a {@link io.shoaldb.exec.operator.join.JoinHashTable} by the
 * build pipeline's drivers (through the {@link io.shoaldb.exec.operator.join.JoinBridge} sink), and the
 * probe operator that streams the other side through it - every join type, residual conditions, and the
 * keyless (nested-loop / cross) case.
 */
package io.shoaldb.exec.operator.join;
