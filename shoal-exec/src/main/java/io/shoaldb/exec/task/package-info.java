/**
 * Parallel task execution: the fixed worker pool, pipelines and the drivers that run them in time slices
 * (yielding their worker instead of waiting), the running state of a query (pipeline dependencies,
 * failure, cancellation) and the bounded result queue to the client.
 */
package io.shoaldb.exec.task;
