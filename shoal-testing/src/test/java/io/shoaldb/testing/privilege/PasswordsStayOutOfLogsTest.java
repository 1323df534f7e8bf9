package io.shoaldb.testing.privilege;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.testing.ServerProcess;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A clear password reaches no file: not the audit log, the server log, the catalog journal or its image. */
class PasswordsStayOutOfLogsTest {
    @TempDir
    Path dir;

    @Test
    void noFileHoldsAClearPassword() throws Exception {
        try (ServerProcess server = ServerProcess.start(dir)) {
            try (Connection root = DriverManager.getConnection(server.jdbcUrl("", ""), "root", "")) {
                Accounts.exec(root, "CREATE USER 'w'@'%' IDENTIFIED BY 'Secret-One'",
                        "ALTER USER 'w'@'%' IDENTIFIED BY 'Secret-Two'",
                        "SET PASSWORD FOR 'w'@'%' = PASSWORD('Secret-Three')");
                assertThat(Accounts.errorOf(root, "CREATE USER 'v' IDENTIFIED BY 'Secret-Four' nonsense"))
                        .isEqualTo(1064);
            }
            try (Connection w = DriverManager.getConnection(server.jdbcUrl("", ""), "w", "Secret-Three")) {
                Accounts.exec(w, "SET PASSWORD = PASSWORD('Secret-Five')");
            }
            assertThat(server.terminate()).isEqualTo(143);
        }
        List<String> audit = Files.readAllLines(dir.resolve("log").resolve("shoal.audit.log"));
        assertThat(audit).anySatisfy(l -> assertThat(l).contains("CREATE USER 'w'@'%' IDENTIFIED BY '<secret>'"));
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                String text = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
                assertThat(text).as(file.toString()).doesNotContain("Secret-");
            }
        }
    }
}
