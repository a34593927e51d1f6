package io.ccrj.mpi.mpjexpress.conformance;

/** The communicator contract suite on MPJ Express 0.44's multicore device, through the adapter. */
class MpjExpressConformanceTest extends CommConformanceContract {
    @Override
    Backend backend() {
        return Backend.MPJ_EXPRESS;
    }
}
