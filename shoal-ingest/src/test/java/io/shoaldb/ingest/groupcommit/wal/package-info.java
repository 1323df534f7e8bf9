/** Tests of the WAL codec, format and torn-tail reader. */
package io.shoaldb.ingest.groupcommit.wal;
