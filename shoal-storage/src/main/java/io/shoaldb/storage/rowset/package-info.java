/** Rowsets: the immutable output of one committed transaction (or one compaction) in one tablet. */
package io.shoaldb.storage.rowset;
