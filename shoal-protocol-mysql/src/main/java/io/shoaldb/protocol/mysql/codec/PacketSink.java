package io.shoaldb.protocol.mysql.codec;

/** Where a command's reply packets go, in order; the sink numbers and frames them. */
public interface PacketSink {
    void send(PayloadWriter payload);
}
