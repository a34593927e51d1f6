package io.ccrj.mpi.mpjexpress.cluster;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Kernel;
import io.ccrj.mpi.Op;

/**
 * Kernels for the failure paths of {@code MpjExpressCluster}: public, with public no-argument
 * constructors, because every rank JVM instantiates them by name.
 */
public final class ClusterTestKernels {

    private ClusterTestKernels() {
    }

    /** Every rank returns "rank/size" and the sum of all ranks, so a result shows which process made it. */
    public static final class RankAndSize implements Kernel<String> {
        @Override
        public String run(Comm comm) {
            int[] sum = new int[1];
            comm.allreduce(new int[] {comm.rank()}, 0, sum, 0, 1, Datatype.INT, Op.SUM);
            return comm.rank() + "/" + comm.size() + " sum " + sum[0];
        }
    }

    /** Rank 1 throws after a barrier; the others wait in a second barrier that rank 1 never enters. */
    public static final class ThrowsOnRankOne implements Kernel<Integer> {
        /** The message rank 1's exception carries. */
        public static final String MESSAGE = "rank one gives up on purpose";

        @Override
        public Integer run(Comm comm) {
            comm.barrier();
            if (comm.rank() == 1) {
                throw new IllegalStateException(MESSAGE);
            }
            comm.barrier();
            return comm.rank();
        }
    }

    /** Never ends: every rank sleeps far longer than any test's run timeout. */
    public static final class SleepsForever implements Kernel<Integer> {
        @Override
        public Integer run(Comm comm) throws InterruptedException {
            Thread.sleep(600_000);
            return comm.rank();
        }
    }

    /** Rank 1 returns an object that cannot be serialized; the others a number. */
    public static final class UnserializableOnRankOne implements Kernel<Object> {
        @Override
        public Object run(Comm comm) {
            comm.barrier();
            return comm.rank() == 1 ? new Object() : (Object) comm.rank();
        }
    }

    /** Not startable by name: no public no-argument constructor. */
    public static final class NoDefaultConstructor implements Kernel<Integer> {
        /**
         * A kernel with a parameter.
         *
         * @param value ignored
         */
        public NoDefaultConstructor(int value) {
        }

        @Override
        public Integer run(Comm comm) {
            return 0;
        }
    }
}
