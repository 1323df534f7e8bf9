package io.shoaldb.common.config;

import java.util.Objects;
import java.util.function.Function;

/**
 * One configuration key: its name (Doris's where Doris has one), how its text parses, its default
 * and a one-line description for the docs and error messages.
 *
 * @param <T> the parsed type
 */
public final class ConfigKey<T> {
    private final String name;
    private final Function<String, T> parser;
    private final String defaultText;
    private final String description;

    private ConfigKey(String name, Function<String, T> parser, String defaultText, String description) {
        this.name = Objects.requireNonNull(name);
        this.parser = Objects.requireNonNull(parser);
        this.defaultText = Objects.requireNonNull(defaultText);
        this.description = Objects.requireNonNull(description);
    }

    public static ConfigKey<String> string(String name, String defaultValue, String description) {
        return new ConfigKey<>(name, s -> s, defaultValue, description);
    }

    /** A key with its own parser; the parser throws IllegalArgumentException (or ConfigException) for bad text. */
    public static <T> ConfigKey<T> custom(String name, Function<String, T> parser, String defaultText,
            String description) {
        return new ConfigKey<>(name, parser, defaultText, description);
    }

    public static ConfigKey<Integer> port(String name, int defaultValue, String description) {
        return new ConfigKey<>(name, s -> {
            int port = Integer.parseInt(s.trim());
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("a port is between 0 and 65535");
            }
            return port;
        }, Integer.toString(defaultValue), description);
    }

    public static ConfigKey<Integer> integer(String name, int defaultValue, int min, int max, String description) {
        return new ConfigKey<>(name, s -> {
            int value = Integer.parseInt(s.trim());
            if (value < min || value > max) {
                throw new IllegalArgumentException("must be between " + min + " and " + max);
            }
            return value;
        }, Integer.toString(defaultValue), description);
    }

    public static ConfigKey<Long> longInteger(String name, long defaultValue, long min, long max, String description) {
        return new ConfigKey<>(name, s -> {
            long value = Long.parseLong(s.trim());
            if (value < min || value > max) {
                throw new IllegalArgumentException("must be between " + min + " and " + max);
            }
            return value;
        }, Long.toString(defaultValue), description);
    }

    public static ConfigKey<Boolean> bool(String name, boolean defaultValue, String description) {
        return new ConfigKey<>(name, s -> switch (s.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "true", "1", "on", "yes" -> true;
            case "false", "0", "off", "no" -> false;
            default -> throw new IllegalArgumentException("must be true or false");
        }, Boolean.toString(defaultValue), description);
    }

    public String name() {
        return name;
    }

    public String defaultText() {
        return defaultText;
    }

    public String description() {
        return description;
    }

    /** Parses a value, turning any parse failure into a {@link ConfigException} that names the key. */
    public T parse(String text) {
        try {
            return parser.apply(text);
        } catch (ConfigException e) {
            throw e;
        } catch (RuntimeException e) {
            String reason = e instanceof NumberFormatException ? "not a number" : e.getMessage();
            throw new ConfigException("invalid value '" + text + "' for " + name + ": " + reason);
        }
    }
}
