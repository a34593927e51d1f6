package io.ccrj.mpi.mpjexpress.conformance;

/** The communicator contract suite on ccr-mpi's {@link io.ccrj.mpi.SpmdWorld}. */
class CcrMpiConformanceTest extends CommConformanceContract {
    @Override
    Backend backend() {
        return Backend.CCR_MPI;
    }
}
