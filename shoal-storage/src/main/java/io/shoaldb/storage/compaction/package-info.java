/** Background merging of a tablet's small rowsets into one, committed atomically through the transaction layer. */
package io.shoaldb.storage.compaction;
