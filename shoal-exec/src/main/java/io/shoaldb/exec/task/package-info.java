/**
 * Parallel task execution: the fixed worker pool, drivers that run one operator pipeline per split in
 * time slices, and the bounded exchange buffer between parallel producers and the single consumer.
 */
package io.shoaldb.exec.task;
