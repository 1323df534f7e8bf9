package io.shoaldb.protocol.mysql.codec;

/**
 * One logical packet as the client sent it: the payloads of a run of 16 MiB fragments joined.
 *
 * @param firstSequenceId the sequence id of its first fragment, which the connection checks against its own count
 * @param lastSequenceId the sequence id of its last fragment; the reply continues from the next one
 * @param payload the joined payload
 */
public record Packet(int firstSequenceId, int lastSequenceId, byte[] payload) {
    /** The sequence id the reply to this packet starts with. */
    public int replySequenceId() {
        return (lastSequenceId + 1) & 0xFF;
    }
}
