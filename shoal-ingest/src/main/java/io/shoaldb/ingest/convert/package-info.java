/** Doris-compatible conversion of load input (text fields, literal objects) into typed column vectors, row by row. */
package io.shoaldb.ingest.convert;
