/** Streaming JSON decoding (Jackson) of a Stream Load body into batches. */
package io.shoaldb.ingest.format.json;
