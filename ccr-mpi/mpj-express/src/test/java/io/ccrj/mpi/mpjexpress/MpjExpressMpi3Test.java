package io.ccrj.mpi.mpjexpress;

import static org.assertj.core.api.Assertions.assertThat;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.Op;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** MPJ Express has no MPI-3: each MPI-3 call of Comm says so, naming itself and the backend. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class MpjExpressMpi3Test {

    @Test
    void mpi3CallsAreRefusedNamingTheOperationAndTheBackend() {
        List<String> refusals = MpjExpressWorld.run(2, comm -> {
            StringBuilder sb = new StringBuilder();
            List<Runnable> calls = List.of(
                    () -> comm.iallreduce(new double[1], 0, new double[1], 0, 1, Datatype.DOUBLE, Op.SUM),
                    () -> comm.ibarrier(),
                    () -> comm.exscan(new int[1], 0, new int[1], 0, 1, Datatype.INT, Op.SUM),
                    () -> comm.neighborAlltoall(new int[1], 0, 1, Datatype.INT, new int[1], 0, 1, Datatype.INT),
                    () -> comm.mprobe(Comm.ANY_SOURCE, Comm.ANY_TAG),
                    () -> comm.splitType(Comm.COMM_TYPE_SHARED, 0),
                    () -> comm.idup(),
                    () -> comm.createGroup(comm.group(), 0));
            for (Runnable call : calls) {
                try {
                    call.run();
                    sb.append("no exception;");
                } catch (MpiException e) {
                    sb.append(e.errorClass()).append(": ").append(e.getMessage()).append(';');
                }
            }
            return sb.toString();
        });
        for (String r : refusals) {
            assertThat(r).contains("UNSUPPORTED_OPERATION: iallreduce is not available on the MPJ Express backend",
                    "UNSUPPORTED_OPERATION: ibarrier is not available",
                    "UNSUPPORTED_OPERATION: exscan is not available",
                    "UNSUPPORTED_OPERATION: neighborAlltoall is not available",
                    "UNSUPPORTED_OPERATION: mprobe is not available",
                    "UNSUPPORTED_OPERATION: splitType is not available",
                    "UNSUPPORTED_OPERATION: idup is not available",
                    "UNSUPPORTED_OPERATION: createGroup is not available",
                    "no MPI-3 operations").doesNotContain("no exception");
        }
    }
}
