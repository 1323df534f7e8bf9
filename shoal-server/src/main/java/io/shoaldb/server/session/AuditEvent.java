package io.shoaldb.server.session;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.LoggingEvent;

/**
 * An audit line as a Logback event, stamped with the time its statement ended. Its message is the line's text,
 * made only when asked for: {@link AuditLineEncoder} writes the line straight to bytes and never asks, while a
 * file appender's {@link #prepareForDeferredProcessing()} would otherwise build the whole line as a String for
 * every event (the line is immutable, so nothing needs fixing before the event is encoded later).
 */
final class AuditEvent extends LoggingEvent {
    private final AuditLine line;
    private String text;

    AuditEvent(Logger logger, AuditLine line) {
        super(AuditLog.class.getName(), logger, Level.INFO, null, null, null);
        this.line = line;
        setTimeStamp(line.endedMillis());
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

    @Override
    public void prepareForDeferredProcessing() {
        getThreadName();
        getMDCPropertyMap();
    }
}
