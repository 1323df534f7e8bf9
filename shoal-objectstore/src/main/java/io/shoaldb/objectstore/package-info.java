/**
 * Objects in S3-compatible storage, the bucket side of storage vaults: {@link io.shoaldb.objectstore.ObjectStore}
 * (immutable creates, ranged reads, deletes, listing) and its AWS SDK implementation with bounded retries. It knows
 * nothing of segments, tables or the catalog: the storage engine decides what the objects hold.
 */
package io.shoaldb.objectstore;
