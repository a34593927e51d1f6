package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.SpmdRuntime;

/** The communicator contract suite on MPJ Express 0.44's multicore device, through the adapter. */
class MpjExpressConformanceTest extends CommConformanceContract {
    @Override
    SpmdRuntime world(int size) {
        return mpjExpress(size);
    }
}
