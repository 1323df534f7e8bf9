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
        return String.format("%s%016x_%016x", prefix, id.getMostSignificantBits(), id.getLeastSignificantBits());
    }
}
