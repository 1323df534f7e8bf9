package io.shoaldb.ingest.groupcommit;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.ingest.groupcommit.wal.WalDirectories;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The request-id log's torn tail: ids appended after a crash must stay readable. */
class RequestIdLogTest {
    @TempDir
    Path dir;

    private RequestIdLog open() {
        LocalFiles files = new LocalFiles();
        return new RequestIdLog(files, new WalDirectories(files, List.of(dir)), () -> 7, 42);
    }

    private static RequestIdLog.Entry entry(String id, long txnId) {
        return new RequestIdLog.Entry(id, new LoadResult("group_commit_" + id, txnId, LoadResult.STATUS, 1, false, 5),
                5, txnId);
    }

    @Test
    void anAppendAfterATornTailCutsItOffSoTheNewIdsAreReadBack() throws Exception {
        RequestIdLog before = open();
        before.append(List.of(entry("a", 1), entry("b", 2)));
        Path file = before.file();
        // The crash cut an append: the file ends in the first bytes of a record that was never acknowledged.
        Files.write(file, new byte[] {40, 0, 0, 0, 1, 2, 3}, StandardOpenOption.APPEND);

        RequestIdLog after = open();
        assertThat(after.read()).extracting(RequestIdLog.Entry::requestId).containsExactly("a", "b");
        after.append(List.of(entry("c", 3)));
        assertThat(open().read()).extracting(RequestIdLog.Entry::requestId).containsExactly("a", "b", "c");
    }

    @Test
    void anAppendWithoutAReadFirstAlsoFindsTheEndOfTheLastWholeRecord() throws Exception {
        RequestIdLog before = open();
        before.append(List.of(entry("a", 1)));
        Files.write(before.file(), new byte[] {9, 9}, StandardOpenOption.APPEND);

        open().append(List.of(entry("b", 2)));
        assertThat(open().read()).extracting(RequestIdLog.Entry::requestId).containsExactly("a", "b");
    }
}
