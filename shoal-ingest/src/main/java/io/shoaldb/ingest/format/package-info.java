/** Stream Load input formats: header options ({@link io.shoaldb.ingest.format.LoadOptions}) shared by the decoders. */
package io.shoaldb.ingest.format;
