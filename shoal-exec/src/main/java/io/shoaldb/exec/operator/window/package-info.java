/**
 * Window functions: the operator that sorts its rows by partition and order keys, finds partitions and peer
 * groups, and computes ranking functions, frame aggregates and row values over them - over whole partitions in
 * memory, or, for a partition too large to hold after spilling, as its rows stream in order.
 */
package io.shoaldb.exec.operator.window;
