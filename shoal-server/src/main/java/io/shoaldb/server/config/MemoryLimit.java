package io.shoaldb.server.config;

import io.shoaldb.common.config.ConfigException;
import java.util.Locale;

/** Parses {@code mem_limit}: {@code 90%} of the JVM's maximum heap, or a size like {@code 8G}, {@code 512M}. */
public final class MemoryLimit {
    private MemoryLimit() {
    }

    public static long bytes(String text, long maxHeapBytes) {
        return bytes("mem_limit", text, maxHeapBytes);
    }

    /** The same syntax for another key, named in the errors. */
    public static long bytes(String key, String text, long maxHeapBytes) {
        String value = text.strip().toUpperCase(Locale.ROOT);
        try {
            if (value.endsWith("%")) {
                double percent = Double.parseDouble(value.substring(0, value.length() - 1));
                if (percent <= 0 || percent > 100) {
                    throw new ConfigException(key + " percentage must be in (0, 100], got " + text);
                }
                return (long) (maxHeapBytes * percent / 100);
            }
            long unit = switch (value.charAt(value.length() - 1)) {
                case 'K' -> 1L << 10;
                case 'M' -> 1L << 20;
                case 'G' -> 1L << 30;
                case 'T' -> 1L << 40;
                default -> 1;
            };
            String digits = unit == 1 ? value : value.substring(0, value.length() - 1);
            long bytes = Long.parseLong(digits.strip()) * unit;
            if (bytes <= 0) {
                throw new ConfigException(key + " must be positive, got " + text);
            }
            return bytes;
        } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
            throw new ConfigException("invalid value '" + text + "' for " + key + ": expected a percentage or a size");
        }
    }
}
