/** Data paths and the node's data partitions on them, with a durable layout marker per path. */
package io.shoaldb.storage.partition;
