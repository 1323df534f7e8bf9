package io.shoaldb.storage.partition;

import java.nio.file.Path;

/**
 * One data partition of the node: its number, the data path (storage root) it lives on, and its
 * directory {@code <path>/data/p<index>} under which every table keeps {@code <tableId>/<tabletId>/}.
 */
public record DataPartition(int index, Path path, Path directory) {
}
