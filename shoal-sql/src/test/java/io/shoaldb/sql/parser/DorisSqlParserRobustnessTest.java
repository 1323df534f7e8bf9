package io.shoaldb.sql.parser;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.common.error.ShoalException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Properties: any input either parses or fails with a ShoalException (never another exception or
 * error), and parsing from many threads at once gives the same trees as parsing alone.
 */
class DorisSqlParserRobustnessTest {
    private static final String SQL_ALPHABET = "SELECT FROM WHERE CREATE TABLE INSERT INTO VALUES SET SHOW "
            + "abc xyz 0123456789 ()`'\"\\;,.*=<>+-/#@@?\n\t ";

    private static void parsesOrFailsCleanly(String sql) {
        try {
            DorisSqlParser.parse(sql);
        } catch (ShoalException expected) {
            assertThat(expected.code()).isNotNull();
            assertThat(expected.getMessage()).isNotNull();
        } catch (Throwable t) {
            throw new AssertionError("non-ShoalException for input: " + sql, t);
        }
    }

    private static List<String> validStatements() {
        return DorisSqlParserStatementsTest.statements().map(a -> (String) a.get()[0]).toList();
    }

    @Test
    void everyTruncationOfEveryValidStatement() {
        for (String sql : validStatements()) {
            for (int end = 0; end <= sql.length(); end++) {
                parsesOrFailsCleanly(sql.substring(0, end));
            }
        }
    }

    @Test
    void randomByteStrings() {
        Random random = new Random(20240611L);
        for (int i = 0; i < 1000; i++) {
            byte[] bytes = new byte[random.nextInt(64)];
            random.nextBytes(bytes);
            parsesOrFailsCleanly(new String(bytes, i % 2 == 0 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1));
        }
    }

    @Test
    void randomSqlLikeStrings() {
        Random random = new Random(7L);
        for (int i = 0; i < 1000; i++) {
            StringBuilder b = new StringBuilder();
            int n = random.nextInt(80);
            for (int j = 0; j < n; j++) {
                b.append(SQL_ALPHABET.charAt(random.nextInt(SQL_ALPHABET.length())));
            }
            parsesOrFailsCleanly(b.toString());
        }
    }

    @Test
    void randomMutationsOfValidStatements() {
        Random random = new Random(99L);
        List<String> valid = validStatements();
        for (int i = 0; i < 1000; i++) {
            StringBuilder b = new StringBuilder(valid.get(random.nextInt(valid.size())));
            for (int k = 0; k < 1 + random.nextInt(3); k++) {
                int at = random.nextInt(b.length() + 1);
                char c = SQL_ALPHABET.charAt(random.nextInt(SQL_ALPHABET.length()));
                switch (random.nextInt(3)) {
                    case 0 -> b.insert(at, c);
                    case 1 -> { if (at < b.length()) { b.deleteCharAt(at); } }
                    default -> { if (at < b.length()) { b.setCharAt(at, c); } }
                }
            }
            parsesOrFailsCleanly(b.toString());
        }
    }

    @Test
    void concurrentParsingMatchesSequentialParsing() throws Exception {
        List<String> valid = validStatements();
        List<String> expected = valid.stream().map(s -> DorisSqlParser.parse(s).toString()).toList();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<List<String>>> results = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                results.add(pool.submit(() -> {
                    List<String> out = new ArrayList<>();
                    for (int round = 0; round < 5; round++) {
                        out.clear();
                        for (String s : valid) {
                            out.add(DorisSqlParser.parse(s).toString());
                        }
                    }
                    return out;
                }));
            }
            for (Future<List<String>> f : results) {
                assertThat(f.get()).isEqualTo(expected);
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
