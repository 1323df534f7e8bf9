/** The group-commit write-ahead log: batch codec, file format, group-fsync writer and torn-tail tolerant reader. */
package io.shoaldb.ingest.groupcommit.wal;
