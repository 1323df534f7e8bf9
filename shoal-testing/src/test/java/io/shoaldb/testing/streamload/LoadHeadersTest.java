package io.shoaldb.testing.streamload;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.luben.zstd.ZstdOutputStream;
import io.shoaldb.catalog.model.ColumnDefinition;
import io.shoaldb.vector.type.DataType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import net.jpountz.lz4.LZ4FrameOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Stream Load headers (doris-reference §7.3) that ShoalDB supports, and the ones it refuses. */
class LoadHeadersTest {
    @TempDir
    Path dir;
    LoadStack stack;

    @BeforeEach
    void start() {
        stack = new LoadStack(dir);
        stack.createTable("t", List.of(new ColumnDefinition("id", DataType.INT, true, null, null, null),
                new ColumnDefinition("name", DataType.varchar(20), true, null, null, null),
                new ColumnDefinition("score", DataType.INT, false, null, null, null)), Map.of());
    }

    @AfterEach
    void stop() throws IOException {
        stack.close();
    }

    private Map<String, Object> load(String body, String... headers) {
        return Clients.load(stack.url("t"), body, headers);
    }

    @Test
    void separatorsColumnsSkipLinesAndFormats() {
        assertThat(load("1|a|10;2|b|20;", "column_separator:|", "line_delimiter:;"))
                .containsEntry("NumberLoadedRows", 2L);
        assertThat(load("1\\x01a\\x0130\n".replace("\\x01", "\u0001"), "column_separator:\\x01"))
                .containsEntry("NumberLoadedRows", 1L);
        assertThat(load("40,x,4\n", "column_separator:,", "columns:score,name,id"))
                .containsEntry("NumberLoadedRows", 1L);
        assertThat(load("skip me\n5,e,50\n", "column_separator:,", "skip_lines:1"))
                .containsEntry("NumberLoadedRows", 1L);
        assertThat(load("id,name,score\n6,f,60\n", "column_separator:,", "format:csv_with_names"))
                .containsEntry("NumberLoadedRows", 1L);
        assertThat(load("id,name,score\nint,string,int\n7,g,70\n", "column_separator:,",
                "format:csv_with_names_and_types")).containsEntry("NumberLoadedRows", 1L);
        assertThat(load("8,'h,i',80\n", "column_separator:,", "enclose:'")).containsEntry("NumberLoadedRows", 1L);
        assertThat(load("9,\"j\",90\n", "column_separator:,", "trim_double_quotes:true"))
                .containsEntry("NumberLoadedRows", 1L);
        assertThat(load("10,,100\n", "column_separator:,", "empty_field_as_null:true"))
                .containsEntry("NumberLoadedRows", 1L);
        assertThat(load("11,k,110\n", "column_separator:,", "timeout:60", "exec_mem_limit:1000000",
                "comment:hello", "merge_type:APPEND")).containsEntry("Comment", "hello")
                .containsEntry("NumberLoadedRows", 1L);
        assertThat(stack.rows("t")).isEqualTo(11);
    }

    @Test
    void maxFilterRatioAndStrictMode() {
        // "x" is not an INT: non-strict makes it NULL, and score is NOT NULL, so the row is filtered
        Map<String, Object> failed = load("1,a,1\n2,b,x\n", "column_separator:,");
        assertThat(failed).containsEntry("Status", "Fail").containsEntry("Message", "too many filtered rows")
                .containsEntry("NumberTotalRows", 2L).containsEntry("NumberFilteredRows", 1L).containsKey("ErrorURL");
        assertThat(stack.rows("t")).isZero();
        assertThat(load("1,a,1\n2,b,x\n", "column_separator:,", "max_filter_ratio:0.5"))
                .containsEntry("Status", "Success").containsEntry("NumberLoadedRows", 1L)
                .containsEntry("NumberFilteredRows", 1L);
        // strict: a bad value in a nullable column filters the row too
        assertThat(load("x,a,1\n", "column_separator:,", "strict_mode:true", "max_filter_ratio:1"))
                .containsEntry("NumberFilteredRows", 1L);
        assertThat(load("x,a,1\n", "column_separator:,", "strict_mode:false")).containsEntry("NumberLoadedRows", 1L);
        assertThat(stack.rows("t")).isEqualTo(2);
    }

    @Test
    void errorLogUrlServesTheRejectedRows() {
        Map<String, Object> reply = load("1,a,1\n2,b\n3,c,z\n", "column_separator:,", "max_filter_ratio:1");
        assertThat(reply).containsEntry("NumberFilteredRows", 2L).containsEntry("NumberLoadedRows", 1L);
        assertThat((String) reply.get("FirstErrorMsg")).isNotBlank();
        String url = (String) reply.get("ErrorURL");
        assertThat(url).startsWith("http://127.0.0.1:" + stack.port() + "/api/_load_error_log?file=error_log_");
        String log = Clients.get(url);
        assertThat(log.lines()).hasSize(2);
        assertThat(log).contains("Reason: ").contains("src line [2,b]").contains("src line [3,c,z]");
        assertThat(stack.loads.loadErrorLog("../../etc/passwd")).isNull();
        assertThat(stack.loads.loadErrorLog("error_log_x_0123")).isNull();
    }

    @Test
    void labelReuseIsLabelAlreadyExists() {
        assertThat(load("1,a,1\n", "column_separator:,", "label:l1")).containsEntry("Status", "Success")
                .containsEntry("Label", "l1");
        Map<String, Object> again = load("2,b,2\n", "column_separator:,", "label:l1");
        assertThat(again).containsEntry("Status", "Label Already Exists")
                .containsEntry("ExistingJobStatus", "FINISHED");
        assertThat((String) again.get("Message")).contains("Label [l1] has already been used");
        // a label with group commit falls back silently to the normal (idempotent) path
        Map<String, Object> gc = load("3,c,3\n", "column_separator:,", "label:l2", "group_commit:async_mode");
        assertThat(gc).containsEntry("Label", "l2").containsEntry("TwoPhaseCommit", "false")
                .doesNotContainKey("GroupCommit");
        assertThat(stack.rows("t")).isEqualTo(2);
        assertThat(load("1,a,1\n", "label:bad label!")).containsEntry("Status", "Fail");
    }

    @Test
    void twoPhaseCommitAndAbort() {
        Map<String, Object> prepared = load("1,a,1\n2,b,2\n", "column_separator:,", "two_phase_commit:true",
                "group_commit:async_mode", "label:tp1");
        assertThat(prepared).containsEntry("Status", "Success").containsEntry("TwoPhaseCommit", "true")
                .doesNotContainKey("GroupCommit");
        long txn = (Long) prepared.get("TxnId");
        assertThat(stack.rows("t")).isZero();
        String url2pc = "http://127.0.0.1:" + stack.port() + "/api/" + LoadStack.DB + "/_stream_load_2pc";
        Map<String, Object> commit = Clients.json(Clients.put(url2pc,
                java.net.http.HttpRequest.BodyPublishers.noBody(), "txn_id:" + txn, "txn_operation:commit").body());
        assertThat(commit.values()).contains("Success", "transaction [" + txn + "] commit successfully.");
        assertThat(stack.rows("t")).isEqualTo(2);
        Map<String, Object> twice = Clients.json(Clients.put(url2pc,
                java.net.http.HttpRequest.BodyPublishers.noBody(), "txn_id:" + txn, "txn_operation:commit").body());
        assertThat(twice.values()).contains("Fail");

        Map<String, Object> second = load("3,c,3\n", "column_separator:,", "two_phase_commit:true", "label:tp2");
        long txn2 = (Long) second.get("TxnId");
        Map<String, Object> abort = Clients.json(Clients.put(url2pc,
                java.net.http.HttpRequest.BodyPublishers.noBody(), "label:tp2", "txn_operation:abort").body());
        assertThat(abort.values()).contains("Success", "transaction [" + txn2 + "] abort successfully.");
        assertThat(stack.rows("t")).isEqualTo(2);
        // an aborted label is free again
        assertThat(load("3,c,3\n", "column_separator:,", "label:tp2")).containsEntry("Status", "Success");
        Map<String, Object> bad = Clients.json(Clients.put(url2pc,
                java.net.http.HttpRequest.BodyPublishers.noBody(), "txn_id:" + txn2, "txn_operation:maybe").body());
        assertThat(bad.values()).contains("Fail");
    }

    @Test
    void compressedBodies() throws IOException {
        byte[] csv = "1,a,1\n2,b,2\n".getBytes(StandardCharsets.UTF_8);
        assertThat(Clients.load(stack.url("t"), compress(csv, GZIPOutputStream::new), "column_separator:,",
                "compress_type:gz")).containsEntry("NumberLoadedRows", 2L);
        assertThat(Clients.load(stack.url("t"), compress(csv, LZ4FrameOutputStream::new), "column_separator:,",
                "compress_type:lz4")).containsEntry("NumberLoadedRows", 2L);
        assertThat(Clients.load(stack.url("t"), compress(csv, ZstdOutputStream::new), "column_separator:,",
                "compress_type:zstd")).containsEntry("NumberLoadedRows", 2L);
        assertThat((String) Clients.load(stack.url("t"), csv, "compress_type:bz2").get("Message"))
                .contains("does not support compress_type bz2");
        assertThat(Clients.load(stack.url("t"), csv, "column_separator:,", "compress_type:gz"))
                .containsEntry("Status", "Fail");
        assertThat(stack.rows("t")).isEqualTo(6);
    }

    private interface Compressor {
        OutputStream wrap(OutputStream out) throws IOException;
    }

    private static byte[] compress(byte[] data, Compressor c) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out = c.wrap(bytes)) {
            out.write(data);
        }
        return bytes.toByteArray();
    }

    @Test
    void whereLeavesRowsOutAsUnselectedOnEveryPath() {
        assertThat(load("1,a,10\n2,b,20\n3,c,30\n", "column_separator:,", "where:score > 15"))
                .containsEntry("Status", "Success").containsEntry("NumberTotalRows", 3L)
                .containsEntry("NumberLoadedRows", 2L).containsEntry("NumberUnselectedRows", 1L)
                .containsEntry("NumberFilteredRows", 0L);
        // Unselected rows do not count against max_filter_ratio: 1 filtered of 3 selected is within 0.5.
        assertThat(load("4,d,40\n5,e,x\n8,h,80\n9,i,90\n", "column_separator:,", "where:name <> 'd'",
                "max_filter_ratio:0.5", "group_commit:sync_mode")).containsEntry("Status", "Success")
                .containsEntry("GroupCommit", true).containsEntry("NumberLoadedRows", 2L)
                .containsEntry("NumberUnselectedRows", 1L).containsEntry("NumberFilteredRows", 1L);
        assertThat(load("6,f,60\n7,g,70\n", "column_separator:,", "where:id = 7 OR name LIKE 'f%'",
                "group_commit:async_mode")).containsEntry("NumberLoadedRows", 2L);
        stack.awaitVisible("t");
        assertThat(stack.rows("t")).isEqualTo(6);
    }

    @Test
    void badHeaderValuesAreRejectedWithDorisTexts() {
        assertThat(load("1,a,1\n", "group_commit:fast_mode")).containsEntry("Status", "Fail")
                .containsEntry("Message", "group_commit can only be [async_mode, sync_mode, off_mode]");
        assertThat(load("1,a,1\n", "strict_mode:yes"))
                .containsEntry("Message", "Invalid strict mode format. Must be bool type");
        assertThat(load("1,a,1\n", "format:xml")).containsEntry("Message", "unknown data format, format=xml");
        assertThat((String) load("1,a,1\n", "max_filter_ratio:2").get("Message")).contains("max_filter_ratio");
        assertThat((String) load("1,a,1\n", "timeout:abc").get("Message")).contains("Invalid timeout format");
        assertThat((String) load("1,a,1\n", "enclose:ab").get("Message")).contains("enclose must be single-char");
        assertThat((String) load("1,a,1\n", "column_separator:,", "where:nosuch > 1").get("Message"))
                .contains("Unknown column 'nosuch'");
        assertThat((String) load("1,a,1\n", "partitions:p1").get("Message")).contains("does not support");
        assertThat((String) load("1,a,1\n", "merge_type:DELETE").get("Message")).contains("does not support");
        assertThat((String) load("1,a,1\n", "column_separator:,", "partial_columns:true", "columns:id,name")
                .get("Message")).contains("partial column update");
        assertThat(load("1,a,1\n", "column_separator:,", "partial_columns:true", "group_commit:sync_mode"))
                .containsEntry("Status", "Success").doesNotContainKey("GroupCommit");
        assertThat(stack.rows("t")).isEqualTo(1);
    }
}
