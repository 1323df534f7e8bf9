package io.shoaldb.catalog.model;

/**
 * Where one bucket of a table lives. Recorded at CREATE TABLE, so that a restart finds every tablet
 * where it was placed even if the placement rule changes later.
 *
 * @param tabletId unique across the node, never reused
 * @param bucket the bucket (hash of the distribution columns modulo the bucket count)
 * @param partition the data partition holding the tablet's files
 */
public record TabletInfo(long tabletId, int bucket, int partition) {
}
