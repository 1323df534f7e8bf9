package io.shoaldb.sql.planner.physical;

/**
 * Where an aggregation sits in two-phase execution: PARTIAL runs per task on raw rows and emits group keys
 * plus intermediate states; FINAL merges those states (input = a PARTIAL's output) and emits results;
 * SINGLE does both over raw rows in one place.
 */
public enum AggregateStep { PARTIAL, FINAL, SINGLE }
