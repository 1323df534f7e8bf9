package io.shoaldb.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs every {@code .test} file under {@code src/test/resources/sql}, each on a fresh server; {@code -Dsql.test=name}
 * runs only the files whose path contains {@code name}.
 */
class SqlLogicTests {
    @TempDir
    Path tempDir;

    @TestFactory
    Stream<DynamicTest> logicTests() throws IOException, URISyntaxException {
        Path root = Path.of(SqlLogicTests.class.getResource("/sql").toURI());
        return Files.walk(root)
                .filter(file -> file.toString().endsWith(".test"))
                .filter(file -> file.toString().contains(System.getProperty("sql.test", "")))
                .sorted()
                .map(file -> DynamicTest.dynamicTest(root.relativize(file).toString(), () -> run(file)));
    }

    private void run(Path file) throws IOException, SQLException {
        Path dir = Files.createTempDirectory(tempDir, "slt");
        try (TestServer server = TestServer.start(dir)) {
            int records = SqlLogicTest.run(file, new SqlLogicTest.Target() {
                @Override
                public Connection connect() throws SQLException {
                    return server.connect();
                }

                @Override
                public void restart() throws IOException {
                    server.restart();
                }
            });
            assertThat(records).isPositive();
        }
    }
}
