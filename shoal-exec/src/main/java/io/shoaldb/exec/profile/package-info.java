/**
 * What EXPLAIN and EXPLAIN ANALYZE show: the pipelines a plan becomes (operators, sinks, drivers, which
 * pipeline feeds which) as recorded while the local execution planner cuts the plan, and - when a query is
 * profiled - counters per operator and driver (rows, batches, wall and CPU time, retained memory), summed over
 * drivers and rendered as text.
 */
package io.shoaldb.exec.profile;
