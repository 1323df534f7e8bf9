/**
 * Sorting more rows than fit in memory: {@link io.shoaldb.exec.operator.sort.ExternalSorter} buffers rows, writes
 * them out as sorted spill runs when the query's {@link io.shoaldb.exec.spill.QuerySpill} says so, and reads
 * everything back as one sorted stream through a k-way merge ({@link io.shoaldb.exec.operator.sort.SortedMerge}).
 * Used by ORDER BY and by window functions.
 */
package io.shoaldb.exec.operator.sort;
