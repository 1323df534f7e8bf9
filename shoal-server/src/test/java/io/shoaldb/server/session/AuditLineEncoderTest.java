package io.shoaldb.server.session;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.LoggingEvent;
import java.nio.charset.StandardCharsets;
import java.text.SimpleDateFormat;
import java.util.Date;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * The audit encoder writes, byte for byte, what Logback's {@code %d{ISO8601} %msg%n} pattern writes for the same
 * events - the audit lines as {@link AuditLog} hands them over (their time, the line on one line), and any other
 * message.
 */
class AuditLineEncoderTest {
    private final LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
    private final Logger logger = context.getLogger("shoal.audit");
    private final PatternLayoutEncoder pattern = new PatternLayoutEncoder();
    private final AuditLineEncoder encoder = new AuditLineEncoder();

    AuditLineEncoderTest() {
        pattern.setContext(context);
        pattern.setPattern("%d{ISO8601} %msg%n");
        pattern.start();
        encoder.setContext(context);
        encoder.start();
    }

    @Test
    void auditLinesAreWhatThePatternWrites() {
        AuditLog.Outcome error = new AuditLog.Outcome(1146, 0, 0, 0, "");
        AuditLog.Outcome query = new AuditLog.Outcome(0, 3, 5, 120, "42");
        List<AuditLine> lines = List.of(
                line(1_764_740_000_005L, "root", "127.0.0.1", "bench", "INSERT INTO t VALUES (1, 'a', 2)", query),
                line(1_764_740_000_999L, "root", "::1", null, "SELECT * FROM missing", error),
                line(1_764_740_001_000L, null, null, "", "", AuditLog.Outcome.OK),
                line(1_764_740_059_123L, "usér", "h", "数据库", "SELECT 'naïve ☃ 😀'\r\nFROM t\nWHERE x = 'é\n'", query),
                line(1_764_740_060_000L, "root", "h", "db", "SELECT 1\n-- a comment\n", AuditLog.Outcome.OK),
                line(946_684_799_999L, "root", "h", "db", "SELECT " + "x".repeat(5000), AuditLog.Outcome.OK));
        for (AuditLine line : lines) {
            AuditEvent event = new AuditEvent(logger, line);
            event.prepareForDeferredProcessing(); // what the file appender does before encoding
            byte[] encoded = encoder.encode(event);
            assertThat(text(encoded)).isEqualTo(text(pattern.encode(event)))
                    .isEqualTo(new SimpleDateFormat("yyyy-MM-dd HH:mm:ss,SSS")
                            .format(new Date(line.endedMillis())) + " " + line + System.lineSeparator());
        }
    }

    @Test
    void otherMessagesAreTheirFormattedText() {
        LoggingEvent event = new LoggingEvent(AuditLog.class.getName(), logger, Level.WARN, "not {} audit: {}", null,
                new Object[] {"an", "ünïcode\nline"});
        event.setTimeStamp(1_764_740_123_456L);
        assertThat(text(encoder.encode(event))).isEqualTo(text(pattern.encode(event)));
    }

    @Test
    void aLineStaysOnOneLine() {
        AuditLine line = line(1_764_740_000_005L, "root", "h", "db", "SELECT 1\r\nFROM t\n", AuditLog.Outcome.OK);
        assertThat(line.toString()).endsWith("stmt=SELECT 1  FROM t ").doesNotContain("\n");
    }

    private static AuditLine line(long endedMillis, String user, String host, String database, String statement,
            AuditLog.Outcome outcome) {
        return new AuditLine(endedMillis, 7, user, host, database, "query", statement, 1234, outcome);
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
