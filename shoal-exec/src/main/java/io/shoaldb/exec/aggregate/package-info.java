/** Hash aggregation: group-id assignment over any key types and typed accumulators for COUNT, SUM, MIN, MAX, AVG. */
package io.shoaldb.exec.aggregate;
