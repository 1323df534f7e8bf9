package io.shoaldb.catalog;

import io.shoaldb.catalog.auth.AccessData;
import io.shoaldb.catalog.auth.GrantTarget;
import io.shoaldb.catalog.auth.Grants;
import io.shoaldb.catalog.auth.Privilege;
import io.shoaldb.catalog.auth.Role;
import io.shoaldb.catalog.auth.UserAccount;
import io.shoaldb.catalog.auth.UserIdentity;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * The accounts, roles and grants of a catalog as a flat sorted map, for {@link CatalogPowerLossTest}'s model:
 * {@code user <id>} -> password hash, {@code ugrant <id> <target>} -> privileges, {@code urole <id> <role>},
 * {@code role <name>}, {@code rgrant <name> <target>} -> privileges. The test computes the expected map from the
 * statements it ran, never from the catalog.
 */
final class AccessModel {
    private static final String[] HOSTS = {"%", "localhost", "10.0.%"};
    private static final GrantTarget[] TARGETS = {GrantTarget.GLOBAL, GrantTarget.onDatabase("d1"),
            GrantTarget.onTable("d1", "t2")};

    /** One access statement: what it does to the catalog and to the flat map. */
    record Change(String text, Consumer<Catalog> run, UnaryOperator<TreeMap<String, String>> effect) {
    }

    private AccessModel() {
    }

    /** A random user/role/grant statement valid against {@code m}; {@code n} makes new names unique. */
    static Change next(TreeMap<String, String> m, Random random, int n) {
        List<UserIdentity> users = m.keySet().stream().filter(k -> k.startsWith("user ")).map(AccessModel::identity)
                .toList();
        List<String> roles = m.keySet().stream().filter(k -> k.startsWith("role ")).map(k -> k.substring(5)).toList();
        int pick = random.nextInt(100);
        if (users.isEmpty() || pick < 20) {
            UserIdentity id = new UserIdentity("u" + n, HOSTS[random.nextInt(HOSTS.length)]);
            String password = password(random);
            return new Change("CREATE USER " + id, c -> c.createUser(new UserAccount(id, password, null, null), false),
                    x -> put(x, "user " + key(id), password));
        }
        UserIdentity user = users.get(random.nextInt(users.size()));
        if (pick < 28) {
            return new Change("DROP USER " + user, c -> c.dropUser(user, false), x -> {
                x.keySet().removeIf(k -> k.equals("user " + key(user)) || k.startsWith("ugrant " + key(user) + " ")
                        || k.startsWith("urole " + key(user) + " "));
                return x;
            });
        }
        if (pick < 40) {
            String password = password(random);
            return new Change("SET PASSWORD FOR " + user, c -> c.alterUser(user, "SET PASSWORD",
                    a -> a.withPassword(password)), x -> put(x, "user " + key(user), password));
        }
        GrantTarget target = TARGETS[random.nextInt(TARGETS.length)];
        Set<Privilege> privileges = privileges(random);
        if (pick < 60) {
            String k = "ugrant " + key(user) + " " + target;
            return new Change("GRANT " + privileges + " ON " + target + " TO " + user, c -> c.alterUser(user, "GRANT",
                    a -> a.withGrants(a.grants().plus(target, privileges))), x -> put(x, k, union(x.get(k), privileges)));
        }
        if (pick < 68) {
            String k = "ugrant " + key(user) + " " + target;
            return new Change("REVOKE ALL ON " + target + " FROM " + user, c -> c.alterUser(user, "REVOKE",
                    a -> a.withGrants(a.grants().minus(target, EnumSet.allOf(Privilege.class)))), x -> {
                        x.remove(k);
                        return x;
                    });
        }
        if (roles.isEmpty() || pick < 78) {
            String role = "r" + n;
            return new Change("CREATE ROLE " + role, c -> c.createRole(new Role(role, null), false),
                    x -> put(x, "role " + role, ""));
        }
        String role = roles.get(random.nextInt(roles.size()));
        if (pick < 86) {
            String k = "rgrant " + role + " " + target;
            return new Change("GRANT " + privileges + " ON " + target + " TO ROLE " + role, c -> c.alterRole(role,
                    "GRANT", r -> r.withGrants(r.grants().plus(target, privileges))),
                    x -> put(x, k, union(x.get(k), privileges)));
        }
        if (pick < 94) {
            return new Change("GRANT '" + role + "' TO " + user, c -> c.alterUser(user, "GRANT", a -> {
                List<String> more = new ArrayList<>(a.roles());
                if (!more.contains(role)) {
                    more.add(role);
                }
                return a.withRoles(more);
            }), x -> put(x, "urole " + key(user) + " " + role, ""));
        }
        return new Change("DROP ROLE " + role, c -> c.dropRole(role, false), x -> {
            x.keySet().removeIf(k -> k.equals("role " + role) || k.startsWith("rgrant " + role + " ")
                    || k.startsWith("urole ") && k.endsWith(" " + role));
            return x;
        });
    }

    /** The catalog's accounts and roles in the flat form. */
    static TreeMap<String, String> project(AccessData access) {
        TreeMap<String, String> out = new TreeMap<>();
        for (UserAccount a : access.accounts()) {
            String id = key(a.identity());
            out.put("user " + id, a.password());
            grants(out, "ugrant " + id, a.grants());
            a.roles().forEach(r -> out.put("urole " + id + " " + r, ""));
        }
        for (Role r : access.roles()) {
            out.put("role " + r.name(), "");
            grants(out, "rgrant " + r.name(), r.grants());
        }
        return out;
    }

    private static void grants(TreeMap<String, String> out, String prefix, Grants grants) {
        for (Map.Entry<GrantTarget, Set<Privilege>> e : grants.asMap().entrySet()) {
            out.put(prefix + " " + e.getKey(), union(null, e.getValue()));
        }
    }

    private static TreeMap<String, String> put(TreeMap<String, String> m, String key, String value) {
        m.put(key, value);
        return m;
    }

    /** The sorted privilege names of {@code held} (a value of the map, or null) plus {@code more}. */
    private static String union(String held, Set<Privilege> more) {
        TreeSet<String> all = new TreeSet<>();
        if (held != null && !held.isEmpty()) {
            all.addAll(List.of(held.split(",")));
        }
        more.forEach(p -> all.add(p.name()));
        return String.join(",", all);
    }

    private static Set<Privilege> privileges(Random random) {
        Privilege[] all = Privilege.values();
        EnumSet<Privilege> some = EnumSet.of(all[random.nextInt(all.length)]);
        if (random.nextBoolean()) {
            some.add(all[random.nextInt(all.length)]);
        }
        return some;
    }

    private static String password(Random random) {
        if (random.nextInt(5) == 0) {
            return "";
        }
        byte[] hash = new byte[20];
        random.nextBytes(hash);
        return "*" + HexFormat.of().withUpperCase().formatHex(hash);
    }

    private static String key(UserIdentity id) {
        return id.user() + "@" + id.host();
    }

    private static UserIdentity identity(String userKey) {
        String id = userKey.substring("user ".length());
        int at = id.indexOf('@');
        return new UserIdentity(id.substring(0, at), id.substring(at + 1));
    }
}
