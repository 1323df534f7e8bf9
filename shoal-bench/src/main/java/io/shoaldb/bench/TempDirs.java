package io.shoaldb.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** The benchmarks' stand-in for JUnit's {@code @TempDir}: created in {@code @Setup}, deleted in {@code @TearDown}. */
public final class TempDirs {
    private TempDirs() {
    }

    public static Path create(String prefix) {
        try {
            return Files.createTempDirectory("shoal-jmh-" + prefix + "-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Deletes the tree; null is ignored so a failed setup can still tear down. */
    public static void delete(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
