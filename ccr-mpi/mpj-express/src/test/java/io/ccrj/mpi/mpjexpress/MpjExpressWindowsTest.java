package io.ccrj.mpi.mpjexpress;

import static org.assertj.core.api.Assertions.assertThat;

import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.MpiException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** MPJ Express has no one-sided communication: each window constructor says so, naming itself and the backend. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class MpjExpressWindowsTest {

    @Test
    void everyWindowConstructorIsRefusedNamingTheOperationAndTheBackend() {
        List<String> refusals = MpjExpressWorld.run(2, comm -> {
            StringBuilder sb = new StringBuilder();
            List<Runnable> calls = List.of(
                    () -> comm.createWindow(new int[4], 0, 4, Datatype.INT),
                    () -> comm.allocateWindow(Datatype.INT, 4),
                    () -> comm.allocateSharedWindow(Datatype.DOUBLE, 4));
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
            assertThat(r).contains("WIN: createWindow is not supported by the MPJ Express backend",
                    "WIN: allocateWindow is not supported by the MPJ Express backend",
                    "WIN: allocateSharedWindow is not supported by the MPJ Express backend",
                    "no one-sided communication").doesNotContain("no exception");
        }
    }
}
