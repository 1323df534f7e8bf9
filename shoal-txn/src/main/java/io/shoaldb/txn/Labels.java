package io.shoaldb.txn;

import java.util.UUID;

/** Generated labels: a prefix plus a random 128-bit id as two 16-digit lower-case hex halves, as Doris prints them. */
public final class Labels {
    private Labels() {
    }

    /** {@code label_<16hex>_<16hex>}: the default label of a load begun without one. */
    public static String generate() {
        return generate("label_");
    }

    /** {@code <prefix><16hex>_<16hex>}, e.g. {@code group_commit_} for group commit's internal loads. */
    public static String generate(String prefix) {
        UUID id = UUID.randomUUID();
        return format(prefix, id.getMostSignificantBits(), id.getLeastSignificantBits());
    }

    /** By hand rather than String.format: group commit makes a label for every batch, on the load's thread. */
    static String format(String prefix, long high, long low) {
        StringBuilder label = new StringBuilder(prefix.length() + 33).append(prefix);
        appendHex16(label, high);
        return appendHex16(label.append('_'), low).toString();
    }

    private static StringBuilder appendHex16(StringBuilder out, long value) {
        String hex = Long.toHexString(value);
        for (int pad = 16 - hex.length(); pad > 0; pad--) {
            out.append('0');
        }
        return out.append(hex);
    }
}
