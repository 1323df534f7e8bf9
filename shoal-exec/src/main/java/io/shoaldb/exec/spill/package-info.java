/**
 * When a query's operators spill, and where: {@link io.shoaldb.exec.spill.QuerySpill} decides from the query's
 * memory budget and hands out spill runs on the storage paths.
 */
package io.shoaldb.exec.spill;
