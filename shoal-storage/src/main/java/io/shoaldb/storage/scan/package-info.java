/** Reading a tablet at a snapshot: segment batches per rowset, merged on read for UNIQUE/AGGREGATE keys. */
package io.shoaldb.storage.scan;
