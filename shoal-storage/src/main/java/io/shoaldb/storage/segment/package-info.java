/** Segment files: the columnar on-disk format (pages, zone maps, footer, checksums), its writer, reader and zone-map pruning. */
package io.shoaldb.storage.segment;
