package io.shoaldb.bench.ingest;

import io.shoaldb.ingest.convert.LoadSchema;
import io.shoaldb.storage.segment.SegmentColumn;
import io.shoaldb.storage.tablet.KeysModel;
import io.shoaldb.storage.tablet.TabletSchema;
import io.shoaldb.vector.type.DataType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * An httplogs-like data set (timestamp, client ip, request line, status, size; ~130 bytes a row as CSV),
 * generated from a fixed seed. Moved here from shoal-ingest's former ThroughputTest.
 */
public final class HttpLogs {
    private static final String[] NAMES = {"ts", "clientip", "request", "status", "size"};
    private static final DataType[] TYPES = {DataType.datetime(0), DataType.varchar(20), DataType.STRING, DataType.INT,
        DataType.INT};
    private static final Boolean[] NULLABLE = {false, false, true, true, true};
    private static final String[] PATHS = {"/english/images/team_group_header_d.gif",
        "/english/history/past_cups/images/past_bu_30_off.gif", "/french/splash_inet.html",
        "/english/competition/matchdetails.html", "/images/s102325.gif", "/english/teams/teambio160.htm",
        "/english/images/nav_sitemap_off.gif", "/english/playing/mascot/mascot.html"};

    /** The target table: a DUPLICATE table keyed on ts. */
    public static final LoadSchema SCHEMA = schema();

    private HttpLogs() {
    }

    private static LoadSchema schema() {
        List<SegmentColumn> columns = new ArrayList<>();
        List<Object> defaults = new ArrayList<>();
        for (int i = 0; i < TYPES.length; i++) {
            columns.add(new SegmentColumn(i + 1, TYPES[i]));
            defaults.add(null);
        }
        TabletSchema tablet = new TabletSchema(columns, 1, KeysModel.DUPLICATE, null, -1, defaults);
        return new LoadSchema(tablet, List.of(NAMES), Arrays.asList(NULLABLE));
    }

    /** Tab-separated rows, one a line. */
    public static byte[] csv(int rows) {
        Random r = new Random(1);
        StringBuilder sb = new StringBuilder(rows * 140);
        for (int i = 0; i < rows; i++) {
            sb.append("1998-05-").append(10 + r.nextInt(20)).append(' ').append(10 + r.nextInt(13)).append(':')
                    .append(10 + r.nextInt(50)).append(':').append(10 + r.nextInt(50)).append('\t')
                    .append(r.nextInt(250)).append('.').append(r.nextInt(250)).append('.').append(r.nextInt(250))
                    .append('.').append(r.nextInt(250)).append('\t')
                    .append("GET ").append(PATHS[r.nextInt(PATHS.length)]).append("?q=").append(r.nextInt(100000))
                    .append("&sid=").append(Long.toHexString(r.nextLong())).append(" HTTP/1.0").append('\t')
                    .append(r.nextInt(10) == 0 ? 404 : 200).append('\t').append(r.nextInt(100000)).append('\n');
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** The same rows as {@link #csv}, as newline-delimited JSON objects. */
    public static byte[] json(int rows) {
        String text = new String(csv(rows), StandardCharsets.UTF_8);
        StringBuilder sb = new StringBuilder(rows * 200);
        for (String line : text.split("\n")) {
            String[] f = line.split("\t");
            sb.append("{\"ts\":\"").append(f[0]).append("\",\"clientip\":\"").append(f[1]).append("\",\"request\":\"")
                    .append(f[2]).append("\",\"status\":").append(f[3]).append(",\"size\":").append(f[4]).append("}\n");
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }
}
