package io.shoaldb.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.catalog.auth.GrantTarget;
import io.shoaldb.catalog.auth.Grants;
import io.shoaldb.catalog.auth.NativePassword;
import io.shoaldb.catalog.auth.Privilege;
import io.shoaldb.catalog.auth.Role;
import io.shoaldb.catalog.auth.UserAccount;
import io.shoaldb.catalog.auth.UserIdentity;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.common.io.LocalFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CatalogAccountsTest {
    @TempDir
    Path dir;

    private Catalog open() {
        return Catalog.open(new LocalFiles(), dir);
    }

    private static final UserIdentity ALICE = new UserIdentity("alice", "%");
    private static final UserIdentity ALICE_LOCAL = new UserIdentity("alice", "127.0.0.1");

    @Test
    void theCredentialVersionGrowsWithAccountsAndPasswordsOnly() {
        try (Catalog c = open()) {
            long start = c.snapshot().access().credentialVersion();
            c.createUser(new UserAccount(ALICE, NativePassword.hash("pw"), Grants.NONE, List.of()), false);
            long created = c.snapshot().access().credentialVersion();
            assertThat(created).isGreaterThan(start);
            c.alterUser(ALICE, "GRANT", a -> a.withGrants(a.grants().plus(GrantTarget.GLOBAL,
                    Set.of(Privilege.SELECT_PRIV))));
            c.createRole(new Role("r", Grants.NONE), false);
            assertThat(c.snapshot().access().credentialVersion()).as("grants and roles").isEqualTo(created);
            c.alterUser(ALICE, "SET PASSWORD", a -> a.withPassword(NativePassword.hash("other")));
            long changed = c.snapshot().access().credentialVersion();
            assertThat(changed).isGreaterThan(created);
            c.dropUser(ALICE, false);
            assertThat(c.snapshot().access().credentialVersion()).isGreaterThan(changed);
        }
    }

    @Test
    void accountsRolesAndGrantsSurviveJournalReplayAndImage() {
        try (Catalog c = open()) {
            c.createRole(new Role("readers", Grants.NONE.plus(GrantTarget.onDatabase("db"), Set.of(Privilege.SELECT_PRIV))),
                    false);
            c.createUser(new UserAccount(ALICE, NativePassword.hash("pw"), Grants.NONE, List.of("readers")), false);
            c.alterUser(ALICE, "GRANT", a -> a.withGrants(a.grants().plus(GrantTarget.onTable("db", "t"),
                    Set.of(Privilege.LOAD_PRIV, Privilege.ALTER_PRIV))));
            assertThat(c.createUser(new UserAccount(ALICE, "", null, null), true)).isFalse();
            assertCode(() -> c.createUser(new UserAccount(ALICE, "", null, null), false),
                    ErrorCode.ACCOUNT_OPERATION_FAILED);
            assertCode(() -> c.createUser(new UserAccount(ALICE_LOCAL, "", null, List.of("nope")), false),
                    ErrorCode.ACCOUNT_OPERATION_FAILED);
        }
        try (Catalog c = open()) {
            UserAccount alice = c.snapshot().access().account(ALICE).orElseThrow();
            assertThat(alice.roles()).containsExactly("readers");
            assertThat(alice.grants().on(GrantTarget.onTable("db", "t")))
                    .containsExactlyInAnyOrder(Privilege.LOAD_PRIV, Privilege.ALTER_PRIV);
            assertThat(NativePassword.verifyClear(alice.password(), "pw")).isTrue();
            c.checkpoint();
            c.dropRole("readers", false);
        }
        try (Catalog c = open()) {
            assertThat(c.snapshot().access().role("readers")).isEmpty();
            assertThat(c.snapshot().access().account(ALICE).orElseThrow().roles()).isEmpty();
        }
    }

    @Test
    void theMostSpecificHostOfAUserWins() {
        try (Catalog c = open()) {
            c.createUser(new UserAccount(ALICE, NativePassword.hash("any"), null, null), false);
            c.createUser(new UserAccount(ALICE_LOCAL, NativePassword.hash("local"), null, null), false);
            c.createUser(new UserAccount(new UserIdentity("alice", "10.%"), NativePassword.hash("ten"), null, null),
                    false);
            assertThat(c.snapshot().access().match("alice", "127.0.0.1").orElseThrow().identity()).isEqualTo(ALICE_LOCAL);
            assertThat(c.snapshot().access().match("alice", "10.1.2.3").orElseThrow().identity().host()).isEqualTo("10.%");
            assertThat(c.snapshot().access().match("alice", "192.168.0.1").orElseThrow().identity()).isEqualTo(ALICE);
            assertThat(c.snapshot().access().match("bob", "127.0.0.1")).isEmpty();
        }
    }

    @Test
    void theJournalHoldsOnlyThePasswordHash() throws Exception {
        try (Catalog c = open()) {
            c.createUser(new UserAccount(ALICE, NativePassword.hash("clear-secret-42"), null, null), false);
            c.alterUser(ALICE, "SET PASSWORD", a -> a.withPassword(NativePassword.hash("other-secret-43")));
            c.checkpoint();
            c.alterUser(ALICE, "SET PASSWORD", a -> a.withPassword(NativePassword.hash("third-secret-44")));
        }
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.toList()) {
                String text = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
                assertThat(text).doesNotContain("secret");
            }
        }
    }

    private static void assertCode(Runnable r, ErrorCode code) {
        assertThatThrownBy(r::run).isInstanceOfSatisfying(ShoalException.class,
                e -> assertThat(e.code()).isEqualTo(code));
    }
}
