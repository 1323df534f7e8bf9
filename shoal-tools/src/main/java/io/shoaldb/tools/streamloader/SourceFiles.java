package io.shoaldb.tools.streamloader;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** {@code --source_file}: files, directories (every regular file below, sorted) and globs ({@code dir/*.csv}). */
final class SourceFiles {
    private SourceFiles() {
    }

    static List<Path> expand(List<String> specs) throws IOException {
        List<Path> out = new ArrayList<>();
        for (String spec : specs) {
            for (String part : spec.split(",")) {
                if (!part.isBlank()) {
                    expandOne(part.strip(), out);
                }
            }
        }
        return out;
    }

    private static void expandOne(String spec, List<Path> out) throws IOException {
        if (spec.contains("*") || spec.contains("?") || spec.contains("[")) {
            Path pattern = Path.of(spec);
            Path base = pattern.getParent() == null ? Path.of(".") : pattern.getParent();
            PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + pattern.getFileName());
            try (Stream<Path> files = Files.list(base)) {
                files.filter(p -> Files.isRegularFile(p) && matcher.matches(p.getFileName())).sorted().forEach(out::add);
            }
            return;
        }
        Path path = Path.of(spec);
        if (Files.isDirectory(path)) {
            try (Stream<Path> files = Files.walk(path)) {
                files.filter(Files::isRegularFile).sorted().forEach(out::add);
            }
        } else if (Files.isRegularFile(path)) {
            out.add(path);
        } else {
            throw new IOException("no such source file: " + spec);
        }
    }
}
