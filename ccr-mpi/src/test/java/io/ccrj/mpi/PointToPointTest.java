package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PointToPointTest {

    @Test
    void sendAndRecvCarryElementsSourceTagAndCount() {
        List<String> results = SpmdWorld.run(2, comm -> {
            if (comm.rank() == 0) {
                comm.send(new double[] {0, 1.5, 2.5, 0}, 1, 2, Datatype.DOUBLE, 1, 7);
                return "sent";
            }
            double[] buf = new double[5];
            Status s = comm.recv(buf, 2, 3, Datatype.DOUBLE, 0, 7);
            return s.source() + "/" + s.tag() + "/" + s.count() + " " + buf[2] + "," + buf[3] + "," + buf[4];
        });
        assertThat(results).containsExactly("sent", "0/7/2 1.5,2.5,0.0");
    }
}
