package io.ccrj.bench.dss;

import io.ccrj.dss.JsonBodies;
import io.ccrj.dss.Response;
import io.ccrj.dss.ServiceRef;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The papers' DSS setup (Qiu, Fox &amp; Ho 2006, Fig. 13): a client service on the in-process DSS
 * host sends a group of {@value #GETS} two-way Gets to the ping service, each from the answer's
 * callback of the one before ({@link GetLoopService}), no thread waiting; µs per Get. The benchmark
 * thread submits the group and waits for its end, which adds one in-process round trip per
 * {@value #GETS} Gets to the figure.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class DssServiceToServiceBenchmark {
    /** Gets per group: the papers' group size. */
    public static final int GETS = 200;

    private DssTarget.Running running;
    private ServiceRef loop;

    @Setup(Level.Trial)
    public void start() throws Exception {
        running = DssTarget.DSS_IN_PROCESS.start();
        loop = running.host().create("get-loop", new GetLoopService(), Map.of(GetLoopService.TARGET, "ping"), null);
    }

    @TearDown(Level.Trial)
    public void stop() {
        running.close();
    }

    /** One group of {@value #GETS} Gets, sent service to service; the answer is the group's. */
    @Benchmark
    @OperationsPerInvocation(GETS)
    public Response group() throws Exception {
        return DssRoundTripBenchmark.awaitSpinning(loop.submit("run", JsonBodies.object().put("n", GETS)));
    }
}
