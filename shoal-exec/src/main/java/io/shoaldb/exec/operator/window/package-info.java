/**
 * Window functions: the operator that sorts its rows by partition and order keys, finds partitions and peer
 * groups, and computes ranking functions, frame aggregates and row values over them.
 */
package io.shoaldb.exec.operator.window;
