package io.shoaldb.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.common.io.PowerLossFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VaultIntentsTest {
    @TempDir
    Path dir;
    private final AtomicLong clock = new AtomicLong(1_000);

    private VaultIntents open() {
        return VaultIntents.open(new LocalFiles(), dir.resolve(VaultIntents.FILE_NAME), clock::get);
    }

    /**
     * An upload's intent is fsynced before the upload starts, so no power loss may lose it: not one right after it,
     * nor one inside the next start's rewrite of the log (a crash after a random number of file operations there).
     * Without the intent, the objects of an upload the crash cut would never be found again.
     */
    @Test
    void anUploadsIntentSurvivesAPowerLossAfterItAndInsideTheNextStartsRewrite() throws Exception {
        for (int seed = 0; seed < 40; seed++) {
            Random random = new Random(seed);
            Path root = dir.resolve("power-" + seed);
            Path log = root.resolve(VaultIntents.FILE_NAME);
            PowerLossFiles first = new PowerLossFiles(root);
            VaultIntents before = VaultIntents.open(first, log, clock::get);
            before.uploading(1, 10, 100);
            before.orphaned(1, 10, 99);
            first.powerLoss(random);

            PowerLossFiles second = first.restarted();
            second.crashAfter(random.nextInt(10));
            try {
                VaultIntents.open(second, log, clock::get).uploading(1, 11, 101);
            } catch (RuntimeException crashed) {
                assertThat(second.isDown()).as("seed %d: %s", seed, crashed).isTrue();
            }
            second.powerLoss(random);

            VaultIntents after = VaultIntents.open(second.restarted(), log, clock::get);
            assertThat(after.fromPreviousRun()).as("seed %d", seed)
                    .extracting(VaultIntents.Intent::rowsetId).contains(100L);
        }
    }

    @Test
    void aNodeWithoutVaultTablesWritesNoFile() {
        VaultIntents intents = open();
        intents.released(5);
        intents.dropped(6);
        assertThat(intents.pending()).isZero();
        assertThat(dir.resolve(VaultIntents.FILE_NAME)).doesNotExist();
    }

    @Test
    void aTableStaysListedAsUploadedToUntilClearedUpToItsLatestUpload() {
        VaultIntents intents = open();
        intents.uploading(1, 10, 100);
        assertThat(intents.isUploading(100)).isTrue();
        intents.released(100);
        assertThat(intents.isUploading(100)).isFalse();
        assertThat(intents.tablesUploadedTo()).containsExactly(Map.entry(1L, 1_000L));

        clock.set(2_000);
        intents.uploading(1, 11, 101);
        intents.uploadsCleared(1, 1_000); // cleared up to an older upload: the later one keeps the table listed
        assertThat(intents.tablesUploadedTo()).containsExactly(Map.entry(1L, 2_000L));
        intents.uploadsCleared(1, 2_000);
        assertThat(intents.tablesUploadedTo()).isEmpty();
        assertThat(intents.isUploading(101)).isTrue();
    }

    @Test
    void whatIsOpenAtAnEndIsReadBackAtTheNextOpen() {
        VaultIntents first = open();
        first.uploading(1, 10, 100);
        first.uploading(1, 10, 101);
        first.uploading(1, 11, 102);
        first.released(101);
        first.orphaned(1, 11, 102);
        first.dropping(2, 7);
        first.dropping(3, 7);
        first.dropped(3);

        clock.set(5_000);
        VaultIntents second = open();
        assertThat(second.fromPreviousRun()).containsExactly(new VaultIntents.Intent(VaultIntents.Kind.UPLOADING,
                1, 10, 100, 1_000));
        assertThat(second.orphans()).containsExactly(new VaultIntents.Intent(VaultIntents.Kind.ORPHANED, 1, 11, 102,
                1_000));
        assertThat(second.drops()).containsExactly(new VaultIntents.Drop(2, 7, 1_000));
        assertThat(second.dropPending(2)).isTrue();
        assertThat(second.pending()).isEqualTo(3);
        second.orphaned(1, 10, 100);
        assertThat(second.orphans()).extracting(VaultIntents.Intent::sinceMillis).containsExactly(5_000L, 1_000L);
    }

    @Test
    void aTornOrDamagedTailEndsTheLogAndTheNextAppendsAreReadable() throws Exception {
        VaultIntents first = open();
        first.uploading(1, 10, 100);
        first.uploading(1, 10, 101);
        Path file = dir.resolve(VaultIntents.FILE_NAME);
        byte[] whole = Files.readAllBytes(file);
        // a crash cut the second record in the middle
        Files.write(file, java.util.Arrays.copyOf(whole, whole.length - 7));
        VaultIntents second = open();
        assertThat(second.fromPreviousRun()).extracting(VaultIntents.Intent::rowsetId).containsExactly(100L);
        second.uploading(1, 10, 102);
        // bytes after the last whole record that are no record: ignored, and cut off before the next append
        Files.write(file, new byte[] {1, 2, 3}, StandardOpenOption.APPEND);
        assertThat(open().fromPreviousRun()).extracting(VaultIntents.Intent::rowsetId).containsExactly(100L, 102L);
    }

    @Test
    void theFileIsRewrittenWhenDeadRecordsDominate() throws Exception {
        VaultIntents intents = open();
        intents.uploading(1, 10, 1);
        for (long r = 2; r < 3000; r++) {
            intents.uploading(1, 10, r);
            intents.released(r);
        }
        assertThat(Files.size(dir.resolve(VaultIntents.FILE_NAME))).isLessThan(3000L * 41);
        assertThat(open().fromPreviousRun()).extracting(VaultIntents.Intent::rowsetId).containsExactly(1L);
    }
}
