package io.ccrj.mpi;

/**
 * What a completed receive (or probe) matched, as mpiJava's {@code mpi.Status}: the actual
 * source rank and tag (useful after {@link Comm#ANY_SOURCE} / {@link Comm#ANY_TAG}) and the number
 * of elements the message carried ({@code Get_count}).
 *
 * <p>For a completed send request the status carries the destination, the tag and the count
 * sent.
 *
 * @param source the rank, in the communicator of the operation, that sent the message
 * @param tag the tag the message was sent with
 * @param count the number of elements the message carried
 */
public record Status(int source, int tag, int count) {
}
