package io.shoaldb.catalog.auth;

import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;

/** The privileges held on one target. */
public record Grant(GrantTarget target, Set<Privilege> privileges) {
    public Grant {
        privileges = privileges.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(privileges));
    }

    /** The privileges in their declared order, comma-separated, as SHOW GRANTS prints them. */
    public String privilegeList() {
        return EnumSet.copyOf(privileges).stream().map(Enum::name).collect(Collectors.joining(","));
    }
}
