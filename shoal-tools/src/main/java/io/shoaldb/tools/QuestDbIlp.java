package io.shoaldb.tools;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * QuestDB side of {@link IngestBench}: turns the httplogs CSV ({@code ts,clientip,request,status,size}) into
 * InfluxDB line protocol for {@code POST /write}, and counts rows through {@code GET /exec}.
 * Line: {@code table clientip="..",request="..",status=200i,size=123i <epoch nanos>}; the table exists beforehand
 * with {@code ts TIMESTAMP} as designated timestamp, VARCHAR clientip/request and INT status/size.
 */
final class QuestDbIlp {
    private static final Pattern DATASET_LONG = Pattern.compile("\"dataset\"\\s*:\\s*\\[\\s*\\[\\s*(-?\\d+)");

    private final byte[] prefix;
    private byte[] lastTs = new byte[0];
    private byte[] lastNanos = new byte[0];

    QuestDbIlp(String table) {
        this.prefix = (table + " clientip=\"").getBytes(StandardCharsets.US_ASCII);
    }

    byte[] convert(byte[] csv, int off, int len, int rows) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(len + rows * 48);
        int end = off + len;
        int p = off;
        while (p < end) {
            int eol = p;
            while (eol < end && csv[eol] != '\n') {
                eol++;
            }
            int c1 = indexOf(csv, p, eol, ',');
            int c2 = indexOf(csv, c1 + 1, eol, ',');
            int c4 = lastIndexOf(csv, c2 + 1, eol, ',');
            int c3 = lastIndexOf(csv, c2 + 1, c4, ',');
            out.write(prefix, 0, prefix.length);
            out.write(csv, c1 + 1, c2 - c1 - 1);
            out.writeBytes("\",request=\"".getBytes(StandardCharsets.US_ASCII));
            for (int i = c2 + 1; i < c3; i++) {
                if (csv[i] == '"' || csv[i] == '\\') {
                    out.write('\\');
                }
                out.write(csv[i]);
            }
            out.writeBytes("\",status=".getBytes(StandardCharsets.US_ASCII));
            out.write(csv, c3 + 1, c4 - c3 - 1);
            out.writeBytes("i,size=".getBytes(StandardCharsets.US_ASCII));
            out.write(csv, c4 + 1, eol - c4 - 1);
            out.writeBytes("i ".getBytes(StandardCharsets.US_ASCII));
            out.writeBytes(nanos(csv, p, c1));
            out.write('\n');
            p = eol + 1;
        }
        return out.toByteArray();
    }

    /** "yyyy-MM-dd HH:mm:ss" as epoch nanoseconds (UTC); consecutive rows mostly share a second. */
    private byte[] nanos(byte[] csv, int from, int to) {
        if (to - from != lastTs.length || !java.util.Arrays.equals(csv, from, to, lastTs, 0, lastTs.length)) {
            lastTs = java.util.Arrays.copyOfRange(csv, from, to);
            long s = LocalDateTime.parse(new String(lastTs, StandardCharsets.US_ASCII).replace(' ', 'T'))
                    .toEpochSecond(ZoneOffset.UTC);
            lastNanos = Long.toString(s * 1_000_000_000L).getBytes(StandardCharsets.US_ASCII);
        }
        return lastNanos;
    }

    private static int indexOf(byte[] b, int from, int to, char c) {
        for (int i = from; i < to; i++) {
            if (b[i] == c) {
                return i;
            }
        }
        throw new IllegalArgumentException("malformed CSV line at byte " + from);
    }

    private static int lastIndexOf(byte[] b, int from, int to, char c) {
        for (int i = to - 1; i >= from; i--) {
            if (b[i] == c) {
                return i;
            }
        }
        throw new IllegalArgumentException("malformed CSV line at byte " + from);
    }

    static String exec(HttpClient http, String base, String sql) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(base + "/exec?query="
                        + URLEncoder.encode(sql, StandardCharsets.UTF_8))).timeout(Duration.ofMinutes(2)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new IllegalStateException("QuestDB /exec HTTP " + r.statusCode() + ": " + r.body());
        }
        return r.body();
    }

    static long count(HttpClient http, String base, String table) throws Exception {
        return firstLong(exec(http, base, "SELECT count() FROM " + table));
    }

    /** Waits until the table's WAL is applied (writerTxn caught up with sequencerTxn); false on timeout. */
    static boolean awaitApplied(HttpClient http, String base, String table, int timeoutSeconds) throws Exception {
        long deadline = System.nanoTime() + timeoutSeconds * 1_000_000_000L;
        while (true) {
            long lag = firstLong(exec(http, base, "SELECT sequencerTxn - writerTxn FROM wal_tables() WHERE name = '" + table + "'"));
            if (lag == 0) {
                return true;
            }
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(100);
        }
    }

    private static long firstLong(String json) {
        Matcher m = DATASET_LONG.matcher(json);
        if (!m.find()) {
            throw new IllegalStateException("unexpected QuestDB answer: " + json);
        }
        return Long.parseLong(m.group(1));
    }
}
