package io.shoaldb.server.infoschema;

import java.util.List;

/**
 * The privileges information_schema's user_privileges, schema_privileges and table_privileges list: the one
 * place the grant store answers them from ({@link AccountGrants}).
 */
@FunctionalInterface
public interface Grants {
    /**
     * One granted privilege. {@code database} is null for a global grant, {@code table} null for a global or
     * database grant; {@code grantee} is spelled {@code 'user'@'host'}; {@code privilege} is Doris's name
     * ({@code Select_priv}, {@code Admin_priv} ...).
     */
    record Privilege(String grantee, String database, String table, String privilege, boolean grantable) {
    }

    /** The grants {@code user} may see: all of them for an administrator, its own otherwise (as MySQL). */
    List<Privilege> visibleTo(String user);

}
