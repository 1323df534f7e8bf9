package io.shoaldb.sql.planner.physical;

/** The aggregate functions the engine computes. */
public enum AggregateFunction { COUNT_STAR, COUNT, SUM, MIN, MAX, AVG }
