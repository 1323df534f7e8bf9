/**
 * Spill files: where a query puts what does not fit in its memory budget - runs of batches in temporary segment
 * files spread over every storage path, deleted when the query ends and at start-up.
 */
package io.shoaldb.storage.spill;
