/** Packet framing (3-byte length + sequence id, 16 MiB splitting) and bounds-checked payload reading and writing. */
package io.shoaldb.protocol.mysql.codec;
