package io.shoaldb.protocol.mysql.codec;

import io.shoaldb.common.error.ShoalException;

/**
 * The framing broke (packet too large, fragments out of order): the byte stream can no longer be trusted, so the
 * connection answers with this error and closes. The decoder emits it instead of throwing so that the reply
 * stays in order behind commands still running.
 *
 * @param error what to tell the client
 * @param replySequenceId the sequence id for the ERR packet
 */
public record FramingError(ShoalException error, int replySequenceId) {
}
