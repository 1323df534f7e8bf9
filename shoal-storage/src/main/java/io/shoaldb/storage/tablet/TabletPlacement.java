package io.shoaldb.storage.tablet;

/** Where one tablet (one bucket of a table) lives: the data partition that holds its directory. */
public record TabletPlacement(long tabletId, int bucket, int partition) {
}
