package io.shoaldb.ingest.groupcommit.wal;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.common.io.FilesFacade;
import io.shoaldb.common.io.ForwardingFiles;
import io.shoaldb.common.io.LocalFiles;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The usable space of the WAL roots, asked of the file system (a statfs call) at most once per 20 ms per root. */
class WalDirectoriesSpaceTest {
    @TempDir
    Path dir;

    @Test
    void loadsWithinTheMaximumAgeShareOneAnswerAndALaterLoadAsksAgain() {
        AtomicLong asked = new AtomicLong();
        AtomicLong reported = new AtomicLong(1_000_000);
        FilesFacade files = new ForwardingFiles(new LocalFiles()) {
            @Override
            public long usableSpace(Path path) {
                asked.incrementAndGet();
                return reported.get();
            }
        };
        AtomicLong now = new AtomicLong(TimeUnit.SECONDS.toNanos(5));
        WalDirectories dirs = new WalDirectories(files, List.of(dir.resolve("a"), dir.resolve("b")), null, now::get);

        assertThat(dirs.maxUsableSpace()).isEqualTo(1_000_000);
        assertThat(asked).hasValue(2); // once per root
        reported.set(10);
        now.addAndGet(WalDirectories.SPACE_MAX_AGE_NANOS - 1);
        assertThat(dirs.maxUsableSpace()).as("within the age: the earlier answer").isEqualTo(1_000_000);
        assertThat(dirs.bestRoot()).isEqualTo(dir.resolve("a"));
        assertThat(asked).hasValue(2);

        now.addAndGet(1);
        assertThat(dirs.maxUsableSpace()).as("older: the file system is asked again").isEqualTo(10);
        assertThat(asked).hasValue(4);
    }
}
