package io.shoaldb.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.catalog.model.ColumnDefinition;
import io.shoaldb.catalog.model.KeysType;
import io.shoaldb.catalog.model.Table;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.vector.type.DataType;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** MODIFY COLUMN keeps the column's unique id and allows only changes the stored data can follow. */
class ModifyColumnTest {
    @TempDir
    Path dir;

    @Test
    void widensInPlaceAndRefusesRewrites() {
        try (Catalog catalog = Catalog.open(new LocalFiles(), dir)) {
            catalog.createDatabase("d", false);
            catalog.createTable(Defs.table("d", "t").column("k", DataType.INT).column("v", DataType.varchar(10))
                    .column("n", DataType.SMALLINT).keys(KeysType.DUPLICATE, "k").hash(1, "k").build(), false);
            int id = catalog.snapshot().table("d", "t").orElseThrow().column("v").orElseThrow().uniqueId();
            Table widened = catalog.modifyColumn("d", "t", ColumnDefinition.of("v", DataType.varchar(50)));
            assertThat(widened.column("v").orElseThrow().type()).isEqualTo(DataType.varchar(50));
            assertThat(widened.column("v").orElseThrow().uniqueId()).isEqualTo(id);
            catalog.modifyColumn("d", "t", ColumnDefinition.of("n", DataType.INT));
            assertThatThrownBy(() -> catalog.modifyColumn("d", "t", ColumnDefinition.of("n", DataType.BIGINT)))
                    .isInstanceOfSatisfying(ShoalException.class,
                            e -> assertThat(e.code()).isEqualTo(ErrorCode.NOT_SUPPORTED));
            assertThatThrownBy(() -> catalog.modifyColumn("d", "t", ColumnDefinition.of("v", DataType.varchar(5))))
                    .isInstanceOf(ShoalException.class);
            assertThatThrownBy(() -> catalog.modifyColumn("d", "t", ColumnDefinition.of("k", DataType.BIGINT)))
                    .isInstanceOf(ShoalException.class);
        }
        try (Catalog reopened = Catalog.open(new LocalFiles(), dir)) {
            Table t = reopened.snapshot().table("d", "t").orElseThrow();
            assertThat(t.column("v").orElseThrow().type()).isEqualTo(DataType.varchar(50));
            assertThat(t.column("n").orElseThrow().type()).isEqualTo(DataType.INT);
        }
    }
}
