package io.shoaldb.server.session;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.LoggingEvent;
import java.util.Map;

/**
 * An audit line as a Logback event, stamped with the time its statement ended. Its message is the line's text,
 * made only when asked for: {@link AuditLineEncoder} writes the line straight to bytes and never asks, while a
 * file appender's {@link #prepareForDeferredProcessing()} would otherwise build the whole line as a String and copy
 * the diagnostic context for every event.
 */
final class AuditEvent extends LoggingEvent {
    private final AuditLine line;
    private String text;

    AuditEvent(Logger logger, AuditLine line) {
        super(AuditLog.class.getName(), logger, Level.INFO, null, null, null);
        this.line = line;
        setTimeStamp(line.endedMillis());
        // The line is written on the audit writer's thread, whose diagnostic context is empty: none to copy.
        setMDCPropertyMap(Map.of());
    }

    AuditLine line() {
        return line;
    }

    @Override
    public String getMessage() {
        return getFormattedMessage();
    }

    @Override
    public String getFormattedMessage() {
        if (text == null) {
            text = line.toString();
        }
        return text;
    }

    /** The thread's name is taken when the event is made, the context is empty and the line is immutable. */
    @Override
    public void prepareForDeferredProcessing() {
    }
}
