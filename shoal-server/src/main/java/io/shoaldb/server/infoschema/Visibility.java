package io.shoaldb.server.infoschema;

/**
 * Which databases and tables the querying user may see: schemata, tables, columns and statistics list only those,
 * as SHOW DATABASES and SHOW TABLES do, and processlist only the sessions SHOW PROCESSLIST would. information_schema's
 * own tables are always visible.
 */
public interface Visibility {
    /** Everything: for a user holding ADMIN_PRIV, and where no user is involved. */
    Visibility ALL = new Visibility() {
        @Override
        public boolean database(String name) {
            return true;
        }

        @Override
        public boolean table(String database, String table) {
            return true;
        }

        @Override
        public boolean sessionOf(String user) {
            return true;
        }
    };

    boolean database(String name);

    boolean table(String database, String table);

    /** Whether a session of {@code user} is listed: every one for an administrator, its own user's otherwise. */
    boolean sessionOf(String user);
}
