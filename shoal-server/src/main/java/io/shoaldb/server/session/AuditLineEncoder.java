package io.shoaldb.server.session;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.CoreConstants;
import ch.qos.logback.core.encoder.EncoderBase;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The audit log's encoder: the bytes Logback's {@code <pattern>%d{ISO8601} %msg%n</pattern>} writes, without a
 * pattern layout. Under a load of small statements the layout (a converter chain, a date formatted per line, the
 * line built as a String and then encoded) was most of the audit writer's time. Here the date up to the second is
 * formatted once per second, and an {@link AuditEvent}'s line is written straight to UTF-8 bytes; any other
 * event is its formatted message. Thread-safe (Logback may encode outside the appender's lock).
 */
public final class AuditLineEncoder extends EncoderBase<ILoggingEvent> {
    /** {@code yyyy-MM-dd HH:mm:ss,SSS} is Logback's ISO8601; the milliseconds are written apart. */
    private static final String SECOND_PATTERN = "yyyy-MM-dd HH:mm:ss,";
    private static final byte[] LINE_END = CoreConstants.LINE_SEPARATOR.getBytes(StandardCharsets.UTF_8);

    /** The formatted start of the lines of one second. */
    private record Second(long epochSecond, byte[] prefix) {
    }

    // The zone and locale Logback's %d uses when the pattern names none, taken when the encoder is made.
    private final DateTimeFormatter seconds = DateTimeFormatter.ofPattern(SECOND_PATTERN)
            .withZone(ZoneId.systemDefault()).withLocale(Locale.getDefault());
    private volatile Second second = new Second(Long.MIN_VALUE, new byte[0]);

    @Override
    public byte[] headerBytes() {
        return null;
    }

    @Override
    public byte[] encode(ILoggingEvent event) {
        AuditLine audit = event instanceof AuditEvent line ? line.line() : null;
        String other = audit == null ? event.getFormattedMessage() : null;
        Utf8Line line = new Utf8Line(32 + (audit != null ? audit.expectedBytes() : other.length()));
        long millis = event.getTimeStamp();
        line.raw(prefixOf(Math.floorDiv(millis, 1000L))).padded((int) Math.floorMod(millis, 1000L), 3).ascii(" ");
        if (audit != null) {
            audit.writeTo(line);
        } else {
            line.text(other);
        }
        return line.raw(LINE_END).toBytes();
    }

    @Override
    public byte[] footerBytes() {
        return null;
    }

    private byte[] prefixOf(long epochSecond) {
        Second current = second;
        if (current.epochSecond() != epochSecond) {
            current = new Second(epochSecond,
                    seconds.format(Instant.ofEpochSecond(epochSecond)).getBytes(StandardCharsets.UTF_8));
            second = current;
        }
        return current.prefix();
    }
}
