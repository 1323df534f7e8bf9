package io.shoaldb.catalog.model;

import java.util.Locale;
import java.util.Optional;

/** The {@code group_commit_mode} table property; its SQL spelling is the lower-case name. */
public enum GroupCommitMode {
    OFF_MODE,
    SYNC_MODE,
    ASYNC_MODE;

    public String sql() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses {@code off_mode}, {@code sync_mode} or {@code async_mode}, ignoring case. */
    public static Optional<GroupCommitMode> parse(String text) {
        for (GroupCommitMode mode : values()) {
            if (mode.sql().equalsIgnoreCase(text.trim())) {
                return Optional.of(mode);
            }
        }
        return Optional.empty();
    }
}
