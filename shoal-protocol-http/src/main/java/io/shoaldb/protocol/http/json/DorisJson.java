package io.shoaldb.protocol.http.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import io.shoaldb.api.StreamLoadResult;
import io.shoaldb.api.TwoPhaseCommitResult;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * Every JSON body the HTTP front door sends, in Doris's exact field order and types. Two styles exist in
 * Doris and both are reproduced: the BE's (Stream Load, 2PC, BE health) is RapidJSON's {@code PrettyWriter}
 * with its defaults — 4-space indent, {@code "Key": value}, one member per line — and ends with a newline;
 * the FE's REST envelope ({@code {"msg":..,"code":..,"data":..,"count":0}}) is compact Jackson output.
 */
public final class DorisJson {
    private static final JsonFactory FACTORY = JsonFactory.builder().build();

    private DorisJson() {
    }

    /** The Stream Load reply, as BE {@code StreamLoadContext::to_json}. */
    public static String streamLoad(StreamLoadResult r) {
        return pretty(g -> {
            g.writeNumberField("TxnId", r.txnId());
            g.writeStringField("Label", nullToEmpty(r.label()));
            g.writeStringField("Comment", nullToEmpty(r.comment()));
            if (r.groupCommit()) {
                g.writeBooleanField("GroupCommit", true);
            } else {
                // a string, not a boolean: Doris writes "true"/"false" here, and clients compare strings
                g.writeStringField("TwoPhaseCommit", r.twoPhaseCommit() ? "true" : "false");
            }
            String status = r.status() == null ? "Fail" : r.status();
            g.writeStringField("Status", status);
            if (r.existingJobStatus() != null) {
                g.writeStringField("ExistingJobStatus", r.existingJobStatus());
            }
            g.writeStringField("Message", r.message() == null ? ("Success".equals(status) ? "OK" : "") : r.message());
            g.writeNumberField("NumberTotalRows", r.numberTotalRows());
            g.writeNumberField("NumberLoadedRows", r.numberLoadedRows());
            g.writeNumberField("NumberFilteredRows", r.numberFilteredRows());
            g.writeNumberField("NumberUnselectedRows", r.numberUnselectedRows());
            g.writeNumberField("LoadBytes", r.loadBytes());
            g.writeNumberField("LoadTimeMs", r.loadTimeMs());
            if (r.beginTxnTimeMs() >= 0) {
                g.writeNumberField("BeginTxnTimeMs", r.beginTxnTimeMs());
            }
            g.writeNumberField("StreamLoadPutTimeMs", r.streamLoadPutTimeMs());
            g.writeNumberField("ReadDataTimeMs", r.readDataTimeMs());
            g.writeNumberField("WriteDataTimeMs", r.writeDataTimeMs());
            g.writeNumberField("ReceiveDataTimeMs", r.receiveDataTimeMs());
            if (r.commitAndPublishTimeMs() >= 0) {
                g.writeNumberField("CommitAndPublishTimeMs", r.commitAndPublishTimeMs());
            }
            if (r.errorUrl() != null && !r.errorUrl().isEmpty()) {
                g.writeStringField("ErrorURL", r.errorUrl());
            }
            if (r.firstErrorMessage() != null && !r.firstErrorMessage().isEmpty()) {
                g.writeStringField("FirstErrorMsg", r.firstErrorMessage());
            }
        });
    }

    /** The {@code _stream_load_2pc} reply, as BE {@code StreamLoad2PCAction}: {@code status}, {@code msg}. */
    public static String twoPhaseCommit(TwoPhaseCommitResult r) {
        return statusMsg(r.status(), r.message());
    }

    /** BE's {@code {"status": .., "msg": ..}} envelope (2PC, BE health). */
    public static String statusMsg(String status, String msg) {
        return pretty(g -> {
            g.writeStringField("status", status);
            g.writeStringField("msg", msg);
        });
    }

    /** FE's REST envelope with a string (or null) {@code data}. */
    public static String rest(int code, String msg, String data) {
        return compact(g -> {
            g.writeStringField("msg", msg);
            g.writeNumberField("code", code);
            if (data == null) {
                g.writeNullField("data");
            } else {
                g.writeStringField("data", data);
            }
            g.writeNumberField("count", 0);
        });
    }

    /** FE's REST envelope with a list of strings as {@code data} ({@code get_wal_size}). */
    public static String restList(int code, String msg, List<String> data) {
        return compact(g -> {
            g.writeStringField("msg", msg);
            g.writeNumberField("code", code);
            g.writeArrayFieldStart("data");
            for (String item : data) {
                g.writeString(item);
            }
            g.writeEndArray();
            g.writeNumberField("count", 0);
        });
    }

    /** FE's {@code /api/health}: backend counts under {@code data}. */
    public static String feHealth(int onlineBackends, int totalBackends) {
        return compact(g -> {
            g.writeStringField("msg", "success");
            g.writeNumberField("code", 0);
            g.writeObjectFieldStart("data");
            g.writeNumberField("online_backend_num", onlineBackends);
            g.writeNumberField("total_backend_num", totalBackends);
            g.writeEndObject();
            g.writeNumberField("count", 0);
        });
    }

    /** FE's {@code /api/health} envelope for a node that cannot take writes: code 503, the reasons as msg. */
    public static String feUnhealthy(String reasons, int totalBackends) {
        return compact(g -> {
            g.writeStringField("msg", reasons);
            g.writeNumberField("code", 503);
            g.writeObjectFieldStart("data");
            g.writeNumberField("online_backend_num", 0);
            g.writeNumberField("total_backend_num", totalBackends);
            g.writeEndObject();
            g.writeNumberField("count", 0);
        });
    }

    @FunctionalInterface
    private interface Members {
        void write(JsonGenerator g) throws IOException;
    }

    private static String pretty(Members members) {
        // RapidJSON's PrettyWriter defaults: 4 spaces per level, ": " between key and value, "\n" line ends
        DefaultIndenter indenter = new DefaultIndenter("    ", "\n");
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter(Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER))
                .withObjectIndenter(indenter)
                .withArrayIndenter(indenter);
        return write(members, printer) + "\n";
    }

    private static String compact(Members members) {
        return write(members, null);
    }

    private static String write(Members members, DefaultPrettyPrinter printer) {
        StringWriter out = new StringWriter(512);
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            if (printer != null) {
                g.setPrettyPrinter(printer);
            }
            g.writeStartObject();
            members.write(g);
            g.writeEndObject();
        } catch (IOException impossible) {
            throw new UncheckedIOException(impossible); // a StringWriter does not fail
        }
        return out.toString();
    }

    private static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }
}
