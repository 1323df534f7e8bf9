package io.shoaldb.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.catalog.model.Database;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.common.io.LocalFiles;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A failed journal write changes nothing, poisons DDL until restart, and a restart recovers. */
class FaultInjectionTest {
    @TempDir
    Path dir;

    private static void assertIoError(Runnable r) {
        assertThatThrownBy(r::run).isInstanceOfSatisfying(ShoalException.class,
                e -> assertThat(e.code()).isEqualTo(ErrorCode.IO_ERROR));
    }

    @Test
    void failedFsyncLeavesCatalogUnchangedAndRefusesFurtherDdl() {
        FaultyFiles files = new FaultyFiles();
        try (Catalog c = Catalog.open(files, dir)) {
            c.createDatabase("a", false);
            CatalogSnapshot before = c.snapshot();
            files.failFsync = true;
            assertIoError(() -> c.createDatabase("b", false));
            assertThat(c.snapshot()).isSameAs(before);
            files.failFsync = false;
            assertThatThrownBy(() -> c.createDatabase("c", false)).isInstanceOfSatisfying(ShoalException.class,
                    e -> assertThat(e.getMessage()).contains("restart"));
            assertIoError(c::checkpoint);
            assertThat(c.snapshot().databases()).extracting(Database::name).containsExactly("a");
        }
        // The unacknowledged record reached the file whole (only its fsync failed): a restart may keep it.
        try (Catalog c = Catalog.open(new LocalFiles(), dir)) {
            assertThat(c.snapshot().database("a")).isPresent();
            c.createDatabase("c", false);
        }
        try (Catalog c = Catalog.open(new LocalFiles(), dir)) {
            assertThat(c.snapshot().database("c")).isPresent();
        }
    }

    @Test
    void failedWriteIsUndoneSoTheNextDdlWorksAndNothingTornRemains() {
        FaultyFiles files = new FaultyFiles();
        try (Catalog c = Catalog.open(files, dir)) {
            c.createDatabase("a", false);
            files.failWriteAfter = 11; // like a disk that fills up part way: nothing was fsynced
            assertIoError(() -> c.createDatabase("b", false));
            assertThat(c.snapshot().database("b")).isEmpty();
            // the torn bytes were cut off: the journal takes the next DDL without a restart
            c.createDatabase("c", false);
        }
        try (Catalog c = Catalog.open(files, dir)) {
            assertThat(c.snapshot().databases()).extracting(Database::name).containsExactly("a", "c");
            c.createDatabase("b", false);
        }
        try (Catalog c = Catalog.open(files, dir)) {
            assertThat(c.snapshot().databases()).extracting(Database::name).containsExactly("a", "b", "c");
        }
    }

    @Test
    void failedCheckpointKeepsTheOldImageAndJournal() {
        FaultyFiles files = new FaultyFiles();
        try (Catalog c = Catalog.open(files, dir)) {
            c.createDatabase("a", false);
            c.checkpoint();
            c.createDatabase("b", false);
            files.failMove = true;
            assertIoError(c::checkpoint);
            files.failMove = false;
            // A failed checkpoint does not poison: the journal is intact.
            c.createDatabase("c", false);
        }
        try (Catalog c = Catalog.open(files, dir)) {
            assertThat(c.snapshot().databases()).extracting(Database::name).containsExactly("a", "b", "c");
        }
    }

    @Test
    void failedAutomaticCheckpointDoesNotFailTheDdl() {
        FaultyFiles files = new FaultyFiles();
        try (Catalog c = Catalog.open(files, dir, CatalogOptions.defaults().withCheckpointEvery(2))) {
            c.createDatabase("a", false);
            files.failMove = true;
            c.createDatabase("b", false); // triggers the checkpoint, which fails quietly
            files.failMove = false;
            c.createDatabase("c", false); // and the next mutation retries it
        }
        try (Catalog c = Catalog.open(files, dir)) {
            assertThat(c.snapshot().databases()).extracting(Database::name).containsExactly("a", "b", "c");
        }
    }
}
