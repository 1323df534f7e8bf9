package io.shoaldb.catalog;

import static io.shoaldb.catalog.Defs.col;
import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.catalog.model.Table;
import io.shoaldb.catalog.model.TabletInfo;
import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.vector.type.DataType;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tablets are created with the table, spread over the data partitions, and recorded durably. */
class TabletPlacementTest {
    @TempDir
    Path dir;

    @Test
    void autoBucketsMakeOneTabletPerPartitionSpreadOverAllOfThem() {
        try (Catalog catalog = Catalog.open(new LocalFiles(), dir, CatalogOptions.defaults().withPartitionCount(4))) {
            catalog.createDatabase("d", false);
            Table table = catalog.createTable(Defs.table("d", "t").column(col("k", DataType.INT))
                    .hash(0, "k").build(), false);
            assertThat(table.tablets()).hasSize(4);
            assertThat(table.tablets()).extracting(TabletInfo::partition).containsExactlyInAnyOrder(0, 1, 2, 3);
            assertThat(table.tablets()).extracting(TabletInfo::bucket).containsExactly(0, 1, 2, 3);
            Table second = catalog.createTable(Defs.table("d", "u").column(col("k", DataType.INT))
                    .hash(6, "k").build(), false);
            assertThat(second.tablets()).hasSize(6);
            assertThat(second.id()).isGreaterThan(table.maxId());
            assertThat(second.tablets()).extracting(TabletInfo::tabletId).doesNotHaveDuplicates()
                    .allMatch(id -> id > second.id());
        }
        try (Catalog reopened = Catalog.open(new LocalFiles(), dir, CatalogOptions.defaults().withPartitionCount(4))) {
            Table table = reopened.snapshot().table("d", "t").orElseThrow();
            assertThat(table.tablets()).hasSize(4);
            Table third = reopened.createTable(Defs.table("d", "v").column(col("k", DataType.INT))
                    .hash(1, "k").build(), false);
            assertThat(third.id()).isGreaterThan(reopened.snapshot().table("d", "u").orElseThrow().maxId());
        }
    }
}
