package io.shoaldb.server.session;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.FileAppender;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/** An audit file is synced once per megabyte written to it, counted afresh in each file a roll-over starts. */
class AuditFileSyncTest {
    private static final int LINE_BYTES = 100 * 1024;

    private final LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
    private final Logger logger = context.getLogger(AuditFileSyncTest.class);
    private final FileAppender<ILoggingEvent> appender = new FileAppender<>();
    private final AuditFileSync sync = new AuditFileSync();

    @TempDir
    Path dir;

    @AfterEach
    void stop() {
        appender.stop();
    }

    @Test
    void syncsEachMegabyteOfTheCurrentFile() {
        open(dir.resolve("shoal.audit.log"));
        appendLines(35); // 3.4 MiB
        assertThat(sync.syncs()).isEqualTo(3);

        // a roll-over: the next file starts at 0, not where the last one was synced up to
        appender.stop();
        open(dir.resolve("shoal.audit.1.log"));
        appendLines(9);
        assertThat(sync.syncs()).isEqualTo(3);
        appendLines(2); // 1.07 MiB
        assertThat(sync.syncs()).isEqualTo(4);
    }

    private void open(Path file) {
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern("%msg%n");
        encoder.start();
        appender.setContext(context);
        appender.setEncoder(encoder);
        appender.setFile(file.toString());
        appender.start();
    }

    /** Lines of {@link #LINE_BYTES}, each drained (flushed and checked) on its own. */
    private void appendLines(int count) {
        String text = "x".repeat(LINE_BYTES - System.lineSeparator().length());
        for (int i = 0; i < count; i++) {
            appender.doAppend(new LoggingEvent(AuditFileSyncTest.class.getName(), logger, Level.INFO, text, null, null));
            sync.afterDrain(appender);
        }
    }
}
