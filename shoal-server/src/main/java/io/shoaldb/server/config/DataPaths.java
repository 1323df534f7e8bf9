package io.shoaldb.server.config;

import io.shoaldb.common.config.ConfigException;
import io.shoaldb.common.config.ShoalConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The data paths of {@code storage_root_path} and the directories derived from them. */
public record DataPaths(List<Path> storagePaths, Path metaDir, List<Path> walDirs) {

    public static DataPaths from(ShoalConfig config) {
        List<Path> paths = new ArrayList<>();
        Set<Path> seen = new LinkedHashSet<>();
        for (String part : config.get(ServerConfigKeys.STORAGE_ROOT_PATH).split(";")) {
            String trimmed = part.strip();
            if (trimmed.isEmpty()) {
                continue;
            }
            Path path = Path.of(trimmed).toAbsolutePath().normalize();
            if (!seen.add(path)) {
                throw new ConfigException("storage_root_path lists " + path + " twice");
            }
            paths.add(path);
        }
        if (paths.isEmpty()) {
            throw new ConfigException("storage_root_path must name at least one directory");
        }
        String meta = config.get(ServerConfigKeys.META_DIR).strip();
        Path metaDir = meta.isEmpty() ? paths.get(0).resolve("meta") : Path.of(meta).toAbsolutePath().normalize();
        List<Path> walDirs = new ArrayList<>();
        for (String part : config.get(ServerConfigKeys.GROUP_COMMIT_WAL_PATH).split(";")) {
            if (!part.isBlank()) {
                walDirs.add(Path.of(part.strip()).toAbsolutePath().normalize());
            }
        }
        if (walDirs.isEmpty()) {
            paths.forEach(path -> walDirs.add(path.resolve("wal")));
        }
        return new DataPaths(List.copyOf(paths), metaDir, List.copyOf(walDirs));
    }
}
