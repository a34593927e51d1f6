package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.SpmdRuntime;

/** The communicator contract suite on ccr-mpi's {@link io.ccrj.mpi.SpmdWorld}. */
class CcrMpiConformanceTest extends CommConformanceContract {
    @Override
    SpmdRuntime world(int size) {
        return ccrMpi(size);
    }
}
