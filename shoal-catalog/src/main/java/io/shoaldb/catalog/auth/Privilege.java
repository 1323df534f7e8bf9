package io.shoaldb.catalog.auth;

import java.util.Locale;
import java.util.Optional;

/** Doris's privileges, by the names GRANT and SHOW GRANTS use. */
public enum Privilege {
    SELECT_PRIV,
    LOAD_PRIV,
    ALTER_PRIV,
    CREATE_PRIV,
    DROP_PRIV,
    ADMIN_PRIV,
    GRANT_PRIV,
    USAGE_PRIV;

    /** The privilege a GRANT names ({@code select_priv}, {@code SELECT_PRIV}); empty for an unknown name. */
    public static Optional<Privilege> named(String name) {
        String upper = name.toUpperCase(Locale.ROOT);
        for (Privilege p : values()) {
            if (p.name().equals(upper)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** The word MySQL's "... command denied" text uses: SELECT for SELECT_PRIV. */
    public String command() {
        return name().substring(0, name().length() - "_PRIV".length());
    }
}
