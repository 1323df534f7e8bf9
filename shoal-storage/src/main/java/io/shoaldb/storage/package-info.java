/** The storage engine: tables' tablets and rowsets on the data partitions, snapshots, publishing, recovery. */
package io.shoaldb.storage;
