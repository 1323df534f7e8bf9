package io.shoaldb.testing.tpc;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The generated text of each table, written once per scale factor under a cache directory
 * ({@code <dir>/sf<scale>/<table>/part-NNNNN.tbl}) and reused by every later run. A table's files are written
 * into a temporary directory that is renamed into place when complete, so an interrupted run leaves no half
 * table behind. Files hold at most {@link #ROWS_PER_FILE} rows: each is one Stream Load.
 */
public final class TpcDataFiles {
    static final int ROWS_PER_FILE = 1_000_000;

    private TpcDataFiles() {
    }

    /** The data directory for a scale factor: {@code sf1}, {@code sf0.1}. */
    public static Path scaleDir(Path cacheDir, double scale) {
        return cacheDir.resolve("sf" + BigDecimal.valueOf(scale).stripTrailingZeros().toPlainString());
    }

    /** The files of {@code table} at {@code scale}, generating them first if this is the first run. */
    public static synchronized List<Path> files(Path cacheDir, double scale, TpcTable table) {
        Path dir = scaleDir(cacheDir, scale).resolve(table.name());
        try {
            if (!Files.isDirectory(dir)) {
                generate(dir, scale, table);
            }
            try (Stream<Path> parts = Files.list(dir)) {
                return parts.filter(p -> p.getFileName().toString().endsWith(".tbl")).sorted().toList();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void generate(Path dir, double scale, TpcTable table) throws IOException {
        Path tmp = dir.resolveSibling(dir.getFileName() + ".tmp");
        deleteTree(tmp);
        Files.createDirectories(tmp);
        try (PartWriter writer = new PartWriter(tmp)) {
            table.rows().generate(scale, writer::write);
        }
        Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /** Writes lines into part files, starting a new one every {@link #ROWS_PER_FILE} rows. */
    private static final class PartWriter implements AutoCloseable {
        private final Path dir;
        private final List<Path> written = new ArrayList<>();
        private BufferedWriter out;
        private int rowsInFile;

        PartWriter(Path dir) {
            this.dir = dir;
        }

        void write(String line) {
            try {
                if (out == null || rowsInFile == ROWS_PER_FILE) {
                    close();
                    Path file = dir.resolve(String.format("part-%05d.tbl", written.size()));
                    written.add(file);
                    out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
                    rowsInFile = 0;
                }
                out.write(line);
                out.write('\n');
                rowsInFile++;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void close() throws IOException {
            if (out != null) {
                out.close();
                out = null;
            }
        }
    }
}
