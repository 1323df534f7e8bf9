package io.shoaldb.storage.segment;

import io.shoaldb.storage.segment.encoding.Compression;
import io.shoaldb.storage.segment.encoding.Encoding;

/** Where one page of one column lives in the file, how to decode it, its checksum and its zone map. */
public record PageMeta(long offset, int storedSize, int uncompressedSize, Encoding encoding,
                       Compression compression, int crc32c, ZoneMap zoneMap) {
}
