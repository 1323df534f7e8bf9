package io.shoaldb.catalog.auth;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The privileges a user or role holds, by target; immutable. Stored in the journal as the list of its
 * {@link Grant}s, ordered global, databases, tables.
 */
public final class Grants {
    public static final Grants NONE = new Grants(new TreeMap<>());

    private final TreeMap<GrantTarget, Set<Privilege>> byTarget;

    private Grants(TreeMap<GrantTarget, Set<Privilege>> byTarget) {
        this.byTarget = byTarget;
    }

    @JsonCreator
    public static Grants of(List<Grant> grants) {
        TreeMap<GrantTarget, Set<Privilege>> map = new TreeMap<>();
        for (Grant g : grants == null ? List.<Grant>of() : grants) {
            if (!g.privileges().isEmpty()) {
                map.merge(g.target(), g.privileges(), Grants::union);
            }
        }
        return new Grants(map);
    }

    @JsonValue
    public List<Grant> list() {
        List<Grant> list = new ArrayList<>();
        byTarget.forEach((target, privileges) -> list.add(new Grant(target, privileges)));
        return list;
    }

    /** The privileges held on exactly this target (not inherited from a wider one). */
    public Set<Privilege> on(GrantTarget target) {
        return byTarget.getOrDefault(target, Set.of());
    }

    /** Every target with at least one privilege. */
    public Map<GrantTarget, Set<Privilege>> asMap() {
        return java.util.Collections.unmodifiableMap(byTarget);
    }

    public Grants plus(GrantTarget target, Set<Privilege> privileges) {
        if (privileges.isEmpty()) {
            return this;
        }
        TreeMap<GrantTarget, Set<Privilege>> map = new TreeMap<>(byTarget);
        map.merge(target, Set.copyOf(privileges), Grants::union);
        return new Grants(map);
    }

    public Grants minus(GrantTarget target, Set<Privilege> privileges) {
        Set<Privilege> held = byTarget.get(target);
        if (held == null) {
            return this;
        }
        EnumSet<Privilege> left = EnumSet.copyOf(held);
        left.removeAll(privileges);
        TreeMap<GrantTarget, Set<Privilege>> map = new TreeMap<>(byTarget);
        if (left.isEmpty()) {
            map.remove(target);
        } else {
            map.put(target, Set.copyOf(left));
        }
        return new Grants(map);
    }

    private static Set<Privilege> union(Set<Privilege> a, Set<Privilege> b) {
        EnumSet<Privilege> all = EnumSet.noneOf(Privilege.class);
        all.addAll(a);
        all.addAll(b);
        return Set.copyOf(all);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Grants other && byTarget.equals(other.byTarget);
    }

    @Override
    public int hashCode() {
        return byTarget.hashCode();
    }

    @Override
    public String toString() {
        return byTarget.toString();
    }
}
