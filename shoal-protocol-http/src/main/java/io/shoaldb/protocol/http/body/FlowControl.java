package io.shoaldb.protocol.http.body;

/**
 * How a {@link BodyStream} throttles its producer. {@link #pause()} is called on the producer's (event-loop)
 * thread when too many bytes are queued; {@link #resume()} on the consumer's thread once it has caught up,
 * so an implementation must hand the work to the event loop itself.
 */
public interface FlowControl {
    void pause();

    void resume();
}
