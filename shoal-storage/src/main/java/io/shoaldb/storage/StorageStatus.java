package io.shoaldb.storage;

import io.shoaldb.storage.partition.DataPartition;
import java.nio.file.Path;
import java.util.List;

/** What SHOW reports about storage: the data partitions, and where each table's tablets live. */
public record StorageStatus(List<DataPartition> partitions, List<TableStatus> tables) {
    public record TableStatus(long tableId, long version, List<TabletStatus> tablets) {
    }

    /** One tablet: its partition and directory, and the size of its visible data. */
    public record TabletStatus(long tabletId, int bucket, int partition, Path path, int rowsetCount, long rows,
                               long bytes, long version) {
    }
}
