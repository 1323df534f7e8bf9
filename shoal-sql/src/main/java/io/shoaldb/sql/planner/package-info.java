/**
 * Query planning: Calcite validation against the catalog, logical optimisation (HepPlanner) and translation
 * of the optimised relational plan into our own physical plan ({@code physical}).
 */
package io.shoaldb.sql.planner;
