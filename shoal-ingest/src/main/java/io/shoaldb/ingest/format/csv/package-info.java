/** Byte-level streaming CSV decoding of a Stream Load body into batches. */
package io.shoaldb.ingest.format.csv;
