package io.shoaldb.common.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The validated configuration of one server: every known key parsed up front, so that a typo or a bad
 * value stops the start instead of surfacing hours later. Sources, later ones winning: defaults, the
 * config file ({@code key = value} lines, {@code #} comments), then {@code --key=value} overrides.
 */
public final class ShoalConfig {
    private final Map<String, ConfigKey<?>> keys;
    private final Map<String, Object> values;
    private final Map<String, String> explicitlySet;

    private ShoalConfig(Map<String, ConfigKey<?>> keys, Map<String, Object> values, Map<String, String> explicitlySet) {
        this.keys = keys;
        this.values = values;
        this.explicitlySet = explicitlySet;
    }

    /** Builds a config from raw text settings; unknown keys and bad values throw {@link ConfigException}. */
    public static ShoalConfig of(Collection<ConfigKey<?>> knownKeys, Map<String, String> settings) {
        Map<String, ConfigKey<?>> keys = new LinkedHashMap<>();
        for (ConfigKey<?> key : knownKeys) {
            if (keys.put(key.name(), key) != null) {
                throw new IllegalArgumentException("config key defined twice: " + key.name());
            }
        }
        List<String> unknown = settings.keySet().stream().filter(k -> !keys.containsKey(k)).sorted().toList();
        if (!unknown.isEmpty()) {
            throw new ConfigException("unknown config key(s): " + String.join(", ", unknown)
                    + " (known: " + String.join(", ", keys.keySet()) + ")");
        }
        Map<String, Object> values = new LinkedHashMap<>();
        for (ConfigKey<?> key : keys.values()) {
            String text = settings.getOrDefault(key.name(), key.defaultText());
            values.put(key.name(), key.parse(text));
        }
        return new ShoalConfig(keys, values, Map.copyOf(settings));
    }

    /** Reads {@code key = value} lines; blank lines and lines starting with {@code #} are skipped. */
    public static Map<String, String> readFile(Path file) {
        Map<String, String> settings = new LinkedHashMap<>();
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ConfigException("cannot read config file " + file + ": " + e.getMessage());
        }
        int lineNo = 0;
        for (String raw : lines) {
            lineNo++;
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int eq = line.indexOf('=');
            if (eq <= 0) {
                throw new ConfigException(file + ":" + lineNo + ": expected 'key = value', got '" + line + "'");
            }
            settings.put(line.substring(0, eq).strip(), unquote(line.substring(eq + 1).strip()));
        }
        return settings;
    }

    private static String unquote(String value) {
        if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
            return value.substring(1, value.length() - 1);
        }
        return value;
    }

    @SuppressWarnings("unchecked")
    public <T> T get(ConfigKey<T> key) {
        if (keys.get(key.name()) != key) {
            throw new IllegalArgumentException("config key not registered: " + key.name());
        }
        return (T) values.get(key.name());
    }

    /** Whether the key was given in the file or on the command line (rather than defaulted). */
    public boolean isSet(ConfigKey<?> key) {
        return explicitlySet.containsKey(key.name());
    }

    /** A copy with one more setting, for tests and derived configs. */
    public ShoalConfig with(ConfigKey<?> key, String value) {
        Map<String, String> settings = new LinkedHashMap<>(explicitlySet);
        settings.put(key.name(), value);
        return of(keys.values(), settings);
    }
}
