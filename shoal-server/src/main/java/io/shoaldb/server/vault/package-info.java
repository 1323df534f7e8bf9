/** Storage vaults at run time: the object-store clients of the vaults and the block cache on the data paths. */
package io.shoaldb.server.vault;
