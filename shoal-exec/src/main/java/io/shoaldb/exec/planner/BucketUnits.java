package io.shoaldb.exec.planner;

import io.shoaldb.storage.TableSnapshot;
import io.shoaldb.storage.scan.ScanRange;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The work units of a scan read by bucket, one queue per driver: the units of bucket b go to driver
 * {@code b mod drivers}, with {@code drivers = min(parallelism, buckets)}. Two tables of N buckets each, both read
 * this way on the same parallelism, so give driver i the same buckets of either table - the rows a colocated join or
 * aggregation must see together. A bucket's units are never split between drivers, whatever the number of its
 * rowsets, segments or slices; when the driver count does not divide the bucket count some drivers read one bucket
 * more (still correct, less balanced). A tablet's bucket is its placement's, recorded in the catalog at CREATE
 * TABLE: loads route a row of bucket b to exactly that tablet.
 */
record BucketUnits(int drivers, List<Queue<ScanRange>> queues) {

    static BucketUnits of(TableSnapshot snapshot, List<ScanRange> units, int parallelism) {
        int buckets = snapshot.tabletIds().size();
        int drivers = Math.max(1, Math.min(parallelism, buckets));
        List<Queue<ScanRange>> queues = new ArrayList<>();
        for (int i = 0; i < drivers; i++) {
            queues.add(new ConcurrentLinkedQueue<>());
        }
        for (ScanRange unit : units) {
            queues.get(snapshot.placement(unit.tabletId()).bucket() % drivers).add(unit);
        }
        return new BucketUnits(drivers, List.copyOf(queues));
    }

    Queue<ScanRange> units(int driver) {
        return queues.get(driver);
    }
}
