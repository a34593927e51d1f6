package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Kernel;
import io.ccrj.mpi.MpiException.ErrorClass;
import io.ccrj.mpi.Op;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.provider.Arguments;

/**
 * A kernel whose rank {@value #CULPRIT} makes one mistake the {@link Comm} contract names, and
 * the error class both backends must report it with (inside a
 * {@link io.ccrj.mpi.RankFailedException} naming that rank). The other ranks wait in a barrier
 * until the world ends.
 */
record FaultyKernel(String name, ErrorClass expected, Step mistake) implements Kernel<Object> {

    static final int CULPRIT = 1;

    /** The culprit's action. */
    @FunctionalInterface
    interface Step {
        void run(Comm comm) throws Exception;
    }

    @Override
    public Object run(Comm comm) throws Exception {
        if (comm.rank() == CULPRIT) {
            mistake.run(comm);
            throw new AssertionError(name + ": the mistake was not detected");
        }
        if (comm.rank() == 0 && expected == ErrorClass.TRUNCATE) {
            comm.send(new int[] {1, 2, 3}, 0, 3, Datatype.INT, CULPRIT, 4);
        }
        if (comm.rank() == 0 && name.startsWith("receive as another datatype")) {
            comm.send(new int[] {1}, 0, 1, Datatype.INT, CULPRIT, 5);
        }
        comm.barrier();
        return null;
    }

    static final List<FaultyKernel> ALL = List.of(
            new FaultyKernel("send to a rank outside the world", ErrorClass.RANK,
                    c -> c.send(new double[1], 0, 1, Datatype.DOUBLE, c.size(), 0)),
            new FaultyKernel("receive from a negative rank", ErrorClass.RANK,
                    c -> c.recv(new double[1], 0, 1, Datatype.DOUBLE, -5, 0)),
            new FaultyKernel("send with a negative tag", ErrorClass.TAG,
                    c -> c.send(new double[1], 0, 1, Datatype.DOUBLE, 0, -3)),
            new FaultyKernel("send with ANY_TAG", ErrorClass.TAG,
                    c -> c.send(new double[1], 0, 1, Datatype.DOUBLE, 0, Comm.ANY_TAG)),
            new FaultyKernel("receive a negative count", ErrorClass.COUNT,
                    c -> c.recv(new double[1], 0, -1, Datatype.DOUBLE, 0, 0)),
            new FaultyKernel("send past the end of the buffer", ErrorClass.BUFFER,
                    c -> c.send(new double[2], 1, 2, Datatype.DOUBLE, 0, 0)),
            new FaultyKernel("send a null buffer", ErrorClass.BUFFER,
                    c -> c.send(null, 0, 1, Datatype.DOUBLE, 0, 0)),
            new FaultyKernel("send an int[] as DOUBLE", ErrorClass.TYPE,
                    c -> c.send(new int[1], 0, 1, Datatype.DOUBLE, 0, 0)),
            new FaultyKernel("broadcast from a root outside the world", ErrorClass.ROOT,
                    c -> c.bcast(new double[1], 0, 1, Datatype.DOUBLE, c.size())),
            new FaultyKernel("allreduce doubles with an int-only operation", ErrorClass.OP,
                    c -> c.allreduce(new double[1], 0, new double[1], 0, 1, Datatype.DOUBLE,
                            Op.ofInts("int-max", true, Math::max))),
            new FaultyKernel("receive a message longer than the buffer", ErrorClass.TRUNCATE,
                    c -> c.recv(new int[2], 0, 2, Datatype.INT, 0, 4)),
            new FaultyKernel("receive as another datatype than sent", ErrorClass.TYPE,
                    c -> c.recv(new long[1], 0, 1, Datatype.LONG, 0, 5)));

    /** The faulty kernels at 2 and 4 ranks, for {@code @MethodSource}. */
    static Stream<Arguments> cases() {
        return ALL.stream().flatMap(k -> Stream.of(2, 4).map(n -> Arguments.of(Named.of(k.name(), k), n)));
    }
}
