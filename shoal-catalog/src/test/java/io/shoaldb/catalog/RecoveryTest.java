package io.shoaldb.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.catalog.model.Database;
import io.shoaldb.catalog.model.Table;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.vector.type.DataType;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Replay, checkpoints, torn tails, corruption and crash windows, on real files. */
class RecoveryTest {
    @TempDir
    Path dir;

    private Catalog open() {
        return Catalog.open(new LocalFiles(), dir);
    }

    private List<Path> journals() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().startsWith("journal-")).sorted().toList();
        }
    }

    private Path image() {
        return dir.resolve("catalog.image");
    }

    private static String describe(CatalogSnapshot s) {
        StringBuilder sb = new StringBuilder();
        for (Database db : s.databases()) {
            sb.append(db).append('\n');
            for (Table t : s.tables(db.name())) {
                sb.append(t).append('\n');
            }
        }
        return sb.append(s.globalVariables()).toString();
    }

    private static void populate(Catalog c) {
        c.createDatabase("db", false);
        c.createTable(Defs.dt("db"), false);
        c.addColumn("db", "dt", Defs.col("extra", DataType.BIGINT), null, false);
        c.alterTableProperties("db", "dt", Map.of("group_commit_interval_ms", "500"));
        c.setGlobalVariable("group_commit", "sync_mode");
        c.createDatabase("other", false);
        c.createTable(Defs.table("other", "t").column("k", DataType.INT).build(), false);
        c.dropTable("other", "t", false);
    }

    private static void assertCorrupt(Runnable r, Path file) {
        assertThatThrownBy(r::run).isInstanceOfSatisfying(ShoalException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.CORRUPT_FILE);
            assertThat(e.getMessage()).contains(file.toString());
        });
    }

    @Test
    void replayRebuildsTheSameState() {
        String before;
        try (Catalog c = open()) {
            populate(c);
            before = describe(c.snapshot());
        }
        try (Catalog c = open()) {
            assertThat(describe(c.snapshot())).isEqualTo(before);
        }
    }

    @Test
    void checkpointThenReopen() throws IOException {
        String before;
        try (Catalog c = open()) {
            populate(c);
            c.checkpoint();
            assertThat(journals()).hasSize(1);
            assertThat(Files.size(journals().getFirst())).isEqualTo(16); // header only
            c.createDatabase("after", false);
            before = describe(c.snapshot());
        }
        try (Catalog c = open()) {
            assertThat(describe(c.snapshot())).isEqualTo(before);
            // ids continue after the image's counter
            Database d = c.createDatabase("next", false);
            assertThat(d.id()).isGreaterThan(c.snapshot().database("after").orElseThrow().id());
        }
    }

    @Test
    void automaticCheckpointEveryNEntries() throws IOException {
        String before;
        try (Catalog c = Catalog.open(new LocalFiles(), dir, CatalogOptions.defaults().withCheckpointEvery(3))) {
            for (int i = 0; i < 10; i++) {
                c.createDatabase("d" + i, false);
            }
            before = describe(c.snapshot());
            assertThat(journals()).hasSize(1);
            assertThat(journals().getFirst().getFileName().toString()).isEqualTo("journal-00000000000000000010.log");
        }
        assertThat(Files.exists(image())).isTrue();
        try (Catalog c = open()) {
            assertThat(describe(c.snapshot())).isEqualTo(before);
        }
    }

    @Test
    void tornTailAtEveryByteOfTheLastRecord() throws IOException {
        String stateBefore;
        long sizeBefore;
        try (Catalog c = open()) {
            populate(c);
            stateBefore = describe(c.snapshot());
            sizeBefore = Files.size(journals().getLast());
            c.createTable(Defs.table("db", "last").column("k", DataType.INT).column("v", DataType.STRING).build(),
                    false);
        }
        Path journal = journals().getLast();
        byte[] full = Files.readAllBytes(journal);
        assertThat(full.length).isGreaterThan((int) sizeBefore);
        for (int cut = (int) sizeBefore; cut < full.length; cut++) {
            Files.write(journal, java.util.Arrays.copyOf(full, cut));
            try (Catalog c = open()) {
                assertThat(describe(c.snapshot())).as("cut at %d", cut).isEqualTo(stateBefore);
                assertThat(Files.size(journal)).isEqualTo(sizeBefore); // the torn bytes are gone
                c.createDatabase("next", false);
            }
            try (Catalog c = open()) {
                assertThat(c.snapshot().database("next")).as("cut at %d", cut).isPresent();
                assertThat(c.snapshot().table("db", "last")).isEmpty();
            }
        }
    }

    @Test
    void garbledLastRecordIsATornTail() throws IOException {
        String stateBefore;
        long sizeBefore;
        try (Catalog c = open()) {
            populate(c);
            stateBefore = describe(c.snapshot());
            sizeBefore = Files.size(journals().getLast());
            c.createDatabase("last", false);
        }
        Path journal = journals().getLast();
        flipByte(journal, Files.size(journal) - 3);
        try (Catalog c = open()) {
            assertThat(describe(c.snapshot())).isEqualTo(stateBefore);
        }
        assertThat(Files.size(journal)).isEqualTo(sizeBefore);
    }

    @Test
    void corruptMiddleRecordRefusesToStart() throws IOException {
        try (Catalog c = open()) {
            populate(c);
        }
        Path journal = journals().getLast();
        long size = Files.size(journal);
        flipByte(journal, 16 + 8 + 5); // inside the first record's payload
        assertCorrupt(this::open, journal);
        assertThat(Files.size(journal)).isEqualTo(size); // nothing repaired or truncated
    }

    @Test
    void corruptLengthInTheMiddleRefusesToStart() throws IOException {
        try (Catalog c = open()) {
            populate(c);
        }
        Path journal = journals().getLast();
        flipByte(journal, 16); // the first record's length: now impossible
        try (Catalog c = open()) {
            throw new AssertionError("opened a journal whose first record length is broken: "
                    + c.snapshot().databases());
        } catch (ShoalException e) {
            assertThat(e.code()).isEqualTo(ErrorCode.CORRUPT_FILE);
            assertThat(e.getMessage()).contains(journal.toString());
        }
    }

    @Test
    void lengthPointingPastTheEndInTheMiddleIsNotMistakenForATornTail() throws IOException {
        try (Catalog c = open()) {
            populate(c);
        }
        Path journal = journals().getLast();
        long size = Files.size(journal);
        try (RandomAccessFile f = new RandomAccessFile(journal.toFile(), "rw")) {
            f.seek(16);
            f.writeInt((int) size); // plausible, but runs past the end
        }
        assertCorrupt(this::open, journal);
    }

    @Test
    void zeroFilledTailIsATornTail() throws IOException {
        String before;
        try (Catalog c = open()) {
            populate(c);
            before = describe(c.snapshot());
        }
        Path journal = journals().getLast();
        long size = Files.size(journal);
        Files.write(journal, new byte[4096], java.nio.file.StandardOpenOption.APPEND);
        try (Catalog c = open()) {
            assertThat(describe(c.snapshot())).isEqualTo(before);
        }
        assertThat(Files.size(journal)).isEqualTo(size);
    }

    @Test
    void corruptImageRefusesToStart() throws IOException {
        try (Catalog c = open()) {
            populate(c);
            c.checkpoint();
        }
        flipByte(image(), Files.size(image()) / 2);
        assertCorrupt(this::open, image());
        Files.write(image(), new byte[] {1, 2, 3});
        assertCorrupt(this::open, image());
    }

    @Test
    void badJournalHeaderRefusesToStart() throws IOException {
        try (Catalog c = open()) {
            populate(c);
        }
        Path journal = journals().getLast();
        flipByte(journal, 1);
        assertCorrupt(this::open, journal);
    }

    @Test
    void leftoverTempFilesAreRemoved() throws IOException {
        String before;
        try (Catalog c = open()) {
            populate(c);
            c.checkpoint();
            c.createDatabase("x", false);
            before = describe(c.snapshot());
        }
        Path tempImage = dir.resolve("catalog.image.tmp");
        Path tempJournal = dir.resolve("journal-00000000000000000099.log.tmp");
        Files.write(tempImage, new byte[] {9, 9, 9});
        Files.write(tempJournal, new byte[] {9});
        try (Catalog c = open()) {
            assertThat(describe(c.snapshot())).isEqualTo(before);
        }
        assertThat(tempImage).doesNotExist();
        assertThat(tempJournal).doesNotExist();
    }

    @Test
    void crashAfterImageBeforeNewJournal() throws IOException {
        // Image renamed into place, old journal still the only one: its entries are all covered.
        String before;
        try (Catalog c = open()) {
            populate(c);
            before = describe(c.snapshot());
        }
        Path oldJournal = journals().getLast();
        byte[] oldBytes = Files.readAllBytes(oldJournal);
        try (Catalog c = open()) {
            c.checkpoint();
        }
        for (Path p : journals()) {
            Files.delete(p);
        }
        Files.write(oldJournal, oldBytes);
        try (Catalog c = open()) {
            assertThat(describe(c.snapshot())).isEqualTo(before); // no double apply
            c.createDatabase("after", false);
        }
        try (Catalog c = open()) {
            assertThat(c.snapshot().database("after")).isPresent();
            assertThat(describe(c.snapshot())).contains(before.substring(0, before.lastIndexOf('{')));
        }
    }

    @Test
    void crashAfterNewJournalBeforeOldDeleted() throws IOException {
        String before;
        try (Catalog c = open()) {
            populate(c);
        }
        Path oldJournal = journals().getLast();
        byte[] oldBytes = Files.readAllBytes(oldJournal);
        try (Catalog c = open()) {
            c.checkpoint();
            c.createDatabase("later", false);
            before = describe(c.snapshot());
        }
        Files.write(oldJournal, oldBytes); // the old segment survived the crash
        assertThat(journals()).hasSize(2);
        try (Catalog c = open()) {
            assertThat(describe(c.snapshot())).isEqualTo(before);
        }
        assertThat(journals()).hasSize(1); // the covered segment is cleaned up
    }

    @Test
    void imageAheadOfEveryJournalStartsAFreshSegment() throws IOException {
        String before;
        try (Catalog c = open()) {
            populate(c);
            c.checkpoint();
            before = describe(c.snapshot());
        }
        for (Path p : journals()) {
            Files.delete(p);
        }
        try (Catalog c = open()) {
            assertThat(describe(c.snapshot())).isEqualTo(before);
            c.createDatabase("z", false);
        }
        try (Catalog c = open()) {
            assertThat(c.snapshot().database("z")).isPresent();
        }
    }

    @Test
    void missingJournalEntriesAreDetected() throws IOException {
        try (Catalog c = open()) {
            c.createDatabase("a", false);
            c.checkpoint();
            c.createDatabase("b", false);
            c.checkpoint();
            c.createDatabase("c", false);
        }
        // Put back an older image: the journal now starts after what the image covers.
        try (Catalog c = open()) {
            assertThat(c.snapshot().databases()).hasSize(3);
        }
        Path journal = journals().getLast();
        Files.move(journal, dir.resolve("journal-00000000000000000009.log"));
        assertThatThrownBy(this::open).isInstanceOfSatisfying(ShoalException.class,
                e -> assertThat(e.code()).isEqualTo(ErrorCode.CORRUPT_FILE));
    }

    private static void flipByte(Path file, long offset) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.seek(offset);
            int b = f.read();
            f.seek(offset);
            f.write(b ^ 0x5A);
        }
    }
}
