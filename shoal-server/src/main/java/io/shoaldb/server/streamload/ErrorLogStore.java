package io.shoaldb.server.streamload;

import io.shoaldb.ingest.convert.RejectedRow;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The rejected rows of loads, one file per load ({@code error_log_<label>_<random>}), served back by name.
 * Names are checked against the exact shape this store generates, so a request can never name a file
 * outside the directory. Files older than the retention are swept while new ones are written. The logs are
 * diagnostics: a failure to write one is logged and the load's reply simply has no {@code ErrorURL}.
 */
final class ErrorLogStore {
    private static final Logger LOG = LoggerFactory.getLogger(ErrorLogStore.class);
    private static final String PREFIX = "error_log_";
    private static final Pattern NAME = Pattern.compile("error_log_[-_A-Za-z0-9:]{1,128}_[0-9a-f]{32}");
    private static final long SWEEP_EVERY_MILLIS = Duration.ofMinutes(10).toMillis();

    private final Path dir;
    private final Duration retention;
    private final AtomicLong lastSweep = new AtomicLong();

    ErrorLogStore(Path dir, Duration retention) {
        this.dir = dir;
        this.retention = retention;
    }

    /** Writes the rows; returns the file name for {@code ?file=}, or null when nothing could be written. */
    String write(String label, List<RejectedRow> rows) {
        if (rows.isEmpty()) {
            return null;
        }
        UUID id = UUID.randomUUID();
        String name = PREFIX + label + "_" + String.format("%016x%016x", id.getMostSignificantBits(),
                id.getLeastSignificantBits());
        try {
            Files.createDirectories(dir);
            try (BufferedWriter out = Files.newBufferedWriter(dir.resolve(name), StandardCharsets.UTF_8)) {
                for (RejectedRow row : rows) {
                    out.write(row.toErrorLogLine());
                    out.write('\n');
                }
            }
        } catch (IOException e) {
            LOG.warn("cannot write the error log of load {} under {}: {}", label, dir, e.toString());
            return null;
        }
        maybeSweep();
        return name;
    }

    /** The log's text, or null when the name is not one of ours or the file is gone. */
    String read(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            return null;
        }
        try {
            return Files.readString(dir.resolve(name), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            LOG.warn("cannot read error log {}: {}", name, e.toString());
            return null;
        }
    }

    private void maybeSweep() {
        long now = System.currentTimeMillis();
        long last = lastSweep.get();
        if (now - last < SWEEP_EVERY_MILLIS || !lastSweep.compareAndSet(last, now)) {
            return;
        }
        long cutoff = now - retention.toMillis();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, PREFIX + "*")) {
            for (Path file : files) {
                if (Files.getLastModifiedTime(file).toMillis() < cutoff) {
                    Files.deleteIfExists(file);
                }
            }
        } catch (IOException e) {
            LOG.warn("cannot sweep old error logs under {}: {}", dir, e.toString());
        }
    }
}
