package io.shoaldb.storage.partition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.common.io.LocalFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataPartitionsTest {
    private static final long GB = 1L << 30;
    private final LocalFiles files = new LocalFiles();

    @Test
    void automaticCountFollowsTheSeedFormula() {
        assertThat(DataPartitions.automaticCount(8 * GB, 8)).isEqualTo(8);
        assertThat(DataPartitions.automaticCount(16 * GB, 32)).isEqualTo(16);
        assertThat(DataPartitions.automaticCount(64 * GB, 64)).isEqualTo(16);
        assertThat(DataPartitions.automaticCount(24 * GB, 2)).isEqualTo(2);
        assertThat(DataPartitions.automaticCount(GB, 8)).isEqualTo(1);
        assertThat(DataPartitions.automaticCount(GB / 2, 8)).isEqualTo(1);
    }

    @Test
    void onePathGetsTheAutomaticCountAndKeepsItAcrossStarts(@TempDir Path dir) {
        DataPartitions first = DataPartitions.open(files, List.of(dir), 0, 4 * GB, 8);
        assertThat(first.partitions()).extracting(DataPartition::index).containsExactly(0, 1, 2, 3);
        assertThat(first.get(2).directory()).isEqualTo(dir.toAbsolutePath().resolve("data").resolve("p2"));
        assertThat(Files.isDirectory(first.get(3).directory())).isTrue();

        DataPartitions again = DataPartitions.open(files, List.of(dir), 0, 4 * GB, 8);
        assertThat(again.partitions()).isEqualTo(first.partitions());
    }

    @Test
    void aStartThatWouldChangeTheLayoutFailsNamingThePath(@TempDir Path dir) {
        DataPartitions.open(files, List.of(dir), 0, 4 * GB, 8);
        assertThatThrownBy(() -> DataPartitions.open(files, List.of(dir), 0, 16 * GB, 8))
                .isInstanceOfSatisfying(ShoalException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.STORAGE_LAYOUT_MISMATCH))
                .hasMessageContaining(dir.toAbsolutePath().toString())
                .hasMessageContaining("partitions=4").hasMessageContaining("partitions=8");
        // the override that restores the old count is accepted
        assertThat(DataPartitions.open(files, List.of(dir), 4, 16 * GB, 8).count()).isEqualTo(4);
    }

    @Test
    void severalPathsGetOnePartitionEachAndMustKeepTheirOrder(@TempDir Path root) {
        Path a = root.resolve("a");
        Path b = root.resolve("b");
        Path c = root.resolve("c");
        DataPartitions p = DataPartitions.open(files, List.of(a, b, c), 0, 64 * GB, 32);
        assertThat(p.partitions()).extracting(DataPartition::path)
                .containsExactly(a.toAbsolutePath(), b.toAbsolutePath(), c.toAbsolutePath());
        for (Path path : List.of(a, b, c)) {
            assertThat(path.resolve("data").resolve("LAYOUT")).exists();
        }
        assertThatThrownBy(() -> DataPartitions.open(files, List.of(b, a, c), 0, 64 * GB, 32))
                .hasMessageContaining(b.toAbsolutePath().toString());
        // dropping a path would orphan its partition
        assertThatThrownBy(() -> DataPartitions.open(files, List.of(a, b), 0, 64 * GB, 32))
                .isInstanceOf(ShoalException.class);
        // adding one changes P for the others
        assertThatThrownBy(() -> DataPartitions.open(files, List.of(a, b, c, root.resolve("d")), 0, 64 * GB, 32))
                .isInstanceOf(ShoalException.class);
        assertThat(root.resolve("d").resolve("data").resolve("LAYOUT")).doesNotExist();
    }

    @Test
    void anOverrideSpreadsPartitionsRoundRobinOverPaths(@TempDir Path root) {
        DataPartitions p = DataPartitions.open(files, List.of(root.resolve("a"), root.resolve("b")), 5, GB, 1);
        assertThat(p.partitions()).extracting(x -> x.path().getFileName().toString())
                .containsExactly("a", "b", "a", "b", "a");
    }

    @Test
    void aDamagedMarkerIsReportedAsCorrupt(@TempDir Path dir) throws Exception {
        DataPartitions.open(files, List.of(dir), 2, GB, 1);
        Path marker = dir.resolve("data").resolve("LAYOUT");
        Files.writeString(marker, Files.readString(marker).replace("partitions=2", "partitions=3"));
        assertThatThrownBy(() -> DataPartitions.open(files, List.of(dir), 2, GB, 1))
                .isInstanceOfSatisfying(ShoalException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.CORRUPT_FILE));
    }
}
