package io.shoaldb.protocol.http;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.LoggerFactory;

/** Collects Netty's "LEAK:" reports (paranoid detection is set by the surefire configuration). */
final class LeakWatcher extends AppenderBase<ILoggingEvent> {
    final List<String> leaks = new CopyOnWriteArrayList<>();

    static LeakWatcher install() {
        LeakWatcher watcher = new LeakWatcher();
        watcher.start();
        ((Logger) LoggerFactory.getLogger(ResourceLeakDetector.class)).addAppender(watcher);
        return watcher;
    }

    @Override
    protected void append(ILoggingEvent event) {
        if (event.getFormattedMessage().contains("LEAK")) {
            leaks.add(event.getFormattedMessage());
        }
    }

    /** Leaks are reported only after the GC found the lost buffer and a later allocation checked: force both. */
    List<String> collect() {
        for (int round = 0; round < 5; round++) {
            System.gc();
            for (int i = 0; i < 200; i++) {
                ByteBuf probe = PooledByteBufAllocator.DEFAULT.directBuffer(64);
                probe.release();
            }
        }
        return leaks;
    }
}
