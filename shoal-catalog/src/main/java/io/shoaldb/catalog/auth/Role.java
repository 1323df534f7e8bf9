package io.shoaldb.catalog.auth;

import java.util.Objects;

/** A named set of grants that accounts receive by GRANT 'role' TO. */
public record Role(String name, Grants grants) {
    public Role {
        Objects.requireNonNull(name, "name");
        grants = grants == null ? Grants.NONE : grants;
    }

    public Role withGrants(Grants changed) {
        return new Role(name, changed);
    }
}
