package io.shoaldb.catalog.model;

import java.util.Objects;

/** A database: a name and an id that is never reused, even after the database is dropped. */
public record Database(long id, String name) {
    public Database {
        Objects.requireNonNull(name, "name");
    }
}
