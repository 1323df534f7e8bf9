/** Group commit: merges many small loads into one transaction and one version per table, with WAL-backed async acks. */
package io.shoaldb.ingest.groupcommit;
