package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ccrj.mpi.MpiException.ErrorClass;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Invalid arguments fail at once, with the MPI error class and a message naming the value. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BadInputTest {

    /** Runs {@code action} on rank 0 of a 2-rank world and returns what it threw. */
    private static MpiException thrownOnRank0(KernelAction action) {
        List<Object> r = SpmdWorld.run(2, comm -> {
            if (comm.rank() != 0) {
                return null;
            }
            try {
                action.run(comm);
            } catch (MpiException e) {
                return e;
            }
            return "nothing thrown";
        });
        assertThat(r.get(0)).isInstanceOf(MpiException.class);
        return (MpiException) r.get(0);
    }

    interface KernelAction {
        void run(Comm comm) throws Exception;
    }

    private static void expect(MpiException e, ErrorClass cls, String... fragments) {
        assertThat(e.errorClass()).isEqualTo(cls);
        assertThat(e.getMessage()).contains(fragments);
    }

    @Test
    void invalidRanksAreRejected() {
        expect(thrownOnRank0(c -> c.send(new int[1], 0, 1, Datatype.INT, 2, 0)), ErrorClass.RANK,
                "send", "destination rank 2", "[0, 2)");
        expect(thrownOnRank0(c -> c.send(new int[1], 0, 1, Datatype.INT, Comm.ANY_SOURCE, 0)), ErrorClass.RANK,
                "destination rank -2");
        expect(thrownOnRank0(c -> c.recv(new int[1], 0, 1, Datatype.INT, -7, 0)), ErrorClass.RANK,
                "recv", "source rank -7");
        expect(thrownOnRank0(c -> c.irecv(new int[1], 0, 1, Datatype.INT, 5, 0)), ErrorClass.RANK, "source rank 5");
        expect(thrownOnRank0(c -> c.bcast(new int[1], 0, 1, Datatype.INT, 3)), ErrorClass.ROOT, "bcast", "root 3");
        expect(thrownOnRank0(c -> c.gather(new int[1], 0, 1, Datatype.INT, new int[2], 0, 1, Datatype.INT, -1)),
                ErrorClass.ROOT, "gather", "root -1");
    }

    @Test
    void invalidTagsAreRejected() {
        expect(thrownOnRank0(c -> c.send(new int[1], 0, 1, Datatype.INT, 1, -3)), ErrorClass.TAG, "tag", "-3");
        expect(thrownOnRank0(c -> c.isend(new int[1], 0, 1, Datatype.INT, 1, Comm.ANY_TAG)), ErrorClass.TAG,
                "ANY_TAG is for receives only");
        expect(thrownOnRank0(c -> c.recv(new int[1], 0, 1, Datatype.INT, 1, -9)), ErrorClass.TAG, "recv", "-9");
        expect(thrownOnRank0(c -> c.probe(1, -2)), ErrorClass.TAG, "probe", "-2");
    }

    @Test
    void negativeCountsAndRangesOutsideTheBufferAreRejected() {
        expect(thrownOnRank0(c -> c.send(new int[1], 0, -1, Datatype.INT, 1, 0)), ErrorClass.COUNT,
                "count must be >= 0, got -1");
        expect(thrownOnRank0(c -> c.recv(new double[4], 2, 3, Datatype.DOUBLE, 1, 0)), ErrorClass.BUFFER,
                "elements [2, 5)", "length 4");
        expect(thrownOnRank0(c -> c.send(new double[4], -1, 1, Datatype.DOUBLE, 1, 0)), ErrorClass.BUFFER,
                "elements [-1, 0)");
        expect(thrownOnRank0(c -> c.send(null, 0, 0, Datatype.DOUBLE, 1, 0)), ErrorClass.BUFFER, "buffer is null");
        expect(thrownOnRank0(c -> c.allgather(new int[2], 0, 2, Datatype.INT, new int[3], 0, 2, Datatype.INT)),
                ErrorClass.BUFFER, "allgather", "elements [0, 4)", "length 3");
    }

    @Test
    void buffersOfTheWrongArrayTypeAreRejected() {
        expect(thrownOnRank0(c -> c.send(new int[1], 0, 1, Datatype.DOUBLE, 1, 0)), ErrorClass.TYPE,
                "int[]", "DOUBLE", "double[]");
        expect(thrownOnRank0(c -> c.send(new int[1], 0, 1, null, 1, 0)), ErrorClass.TYPE, "datatype is null");
        expect(thrownOnRank0(c -> c.gather(new int[1], 0, 1, Datatype.INT, new long[2], 0, 1, Datatype.LONG, 0)),
                ErrorClass.TYPE, "send datatype INT differs from receive datatype LONG");
    }

    @Test
    void aMessageLongerThanTheReceiveBufferIsTruncationAndConsumed() {
        List<String> r = SpmdWorld.run(2, comm -> {
            if (comm.rank() == 0) {
                comm.send(new double[5], 0, 5, Datatype.DOUBLE, 1, 4);
                comm.send(new double[] {9}, 0, 1, Datatype.DOUBLE, 1, 4);
                return null;
            }
            String msg;
            try {
                comm.recv(new double[8], 0, 3, Datatype.DOUBLE, 0, 4);
                msg = "nothing thrown";
            } catch (MpiException e) {
                msg = e.errorClass() + ": " + e.getMessage();
            }
            double[] next = new double[1];
            comm.recv(next, 0, 1, Datatype.DOUBLE, 0, 4);
            return msg + " | next " + next[0];
        });
        assertThat(r.get(1)).startsWith("TRUNCATE: recv(source=0, tag=4, DOUBLE x 3) on world: message truncated: "
                + "it carries 5 elements").endsWith("holds only 3 | next 9.0");
    }

    @Test
    void aMessageOfAnotherDatatypeIsATypeError() {
        List<String> r = SpmdWorld.run(2, comm -> {
            if (comm.rank() == 0) {
                comm.send(new long[] {1}, 0, 1, Datatype.LONG, 1, 0);
                return null;
            }
            Request req = comm.irecv(new double[1], 0, 1, Datatype.DOUBLE, 0, 0);
            try {
                req.waitFor();
                return "nothing thrown";
            } catch (MpiException e) {
                return e.errorClass() + ": " + e.getMessage();
            }
        });
        assertThat(r.get(1)).contains("TYPE").contains("datatype LONG").contains("buffer's datatype is DOUBLE");
    }

    @Test
    void objectElementsThatDoNotFitTheReceiveArrayAreATypeError() {
        List<String> r = SpmdWorld.run(2, comm -> {
            if (comm.rank() == 0) {
                comm.send(new Object[] {1, 2}, 0, 2, Datatype.OBJECT, 1, 0);
                return null;
            }
            try {
                comm.recv(new String[2], 0, 2, Datatype.OBJECT, 0, 0);
                return "nothing thrown";
            } catch (MpiException e) {
                return e.errorClass() + ": " + e.getMessage();
            }
        });
        assertThat(r.get(1)).startsWith("TYPE").contains("java.lang.String[]");
    }

    @Test
    void operationsUndefinedOnADatatypeAreRejected() {
        expect(thrownOnRank0(c -> c.allreduce(new int[1], 0, new int[1], 0, 1, Datatype.INT,
                Op.ofDoubles("avg", true, (a, b) -> (a + b) / 2))), ErrorClass.OP, "allreduce", "avg", "INT");
        expect(thrownOnRank0(c -> c.reduce(new int[1], 0, new int[1], 0, 1, Datatype.INT, null, 0)), ErrorClass.OP,
                "operation is null");
        assertThatThrownBy(() -> SpmdWorld.run(2, comm -> {
            Object[] out = new Object[1];
            comm.allreduce(new Object[] {"s"}, 0, out, 0, 1, Datatype.OBJECT, Op.SUM);
            return null;
        })).isInstanceOf(RankFailedException.class).cause().isInstanceOfSatisfying(MpiException.class,
                e -> expect(e, ErrorClass.OP, "SUM", "java.lang.String"));
    }

    @Test
    void splitRejectsNegativeColors() {
        expect(thrownOnRank0(c -> c.split(-5, 0)), ErrorClass.ARG, "color", "-5");
    }

    @Test
    void aCommunicatorIsConfinedToItsRanksThread() {
        expect(thrownOnRank0(c -> {
            try {
                CompletableFuture.runAsync(c::barrier).join();
            } catch (java.util.concurrent.CompletionException e) {
                throw (Exception) e.getCause();
            }
        }), ErrorClass.ARG, "used from thread", "belongs to its rank's thread");
    }

    @Test
    void invalidWorldOptionsAreRejected() {
        assertThatThrownBy(() -> SpmdWorld.builder().size(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 1, got 0");
        assertThatThrownBy(() -> SpmdWorld.builder().deadlockTimeout(java.time.Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("positive");
        assertThatThrownBy(() -> SpmdWorld.builder().spinPolls(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SpmdWorld.builder().name("")).isInstanceOf(IllegalArgumentException.class);
    }
}
