package io.ccrj.bench.dss;

import io.ccrj.dss.Notification;
import io.ccrj.dss.ServiceRef;
import io.ccrj.dss.Subscription;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One-way messaging (the DSS section of Qiu, Fox &amp; Ho 2006): a Replace posted to the in-process ping service,
 * timed until its notification reaches a subscriber. The caller does not wait for the Replace's
 * answer, only for the notification; the score is that one-way latency.
 */
@State(Scope.Thread)
@BenchmarkMode({Mode.AverageTime, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class DssNotificationBenchmark {

    private DssTarget.Running running;
    private ServiceRef ping;
    private Subscription subscription;
    private final AtomicLong seen = new AtomicLong();
    private long count;

    @Setup(Level.Trial)
    public void start() throws Exception {
        running = DssTarget.DSS_IN_PROCESS.start();
        ping = running.ping();
        subscription = ping.subscribe((Notification n) -> seen.incrementAndGet(), -1).get(10, TimeUnit.SECONDS);
    }

    @TearDown(Level.Trial)
    public void stop() {
        subscription.close();
        running.close();
    }

    /** Posts one Replace and spins until its notification has been delivered. */
    @Benchmark
    public long replaceToNotification() {
        long before = seen.get();
        ObjectNode state = JsonNodeFactory.instance.objectNode().put("count", ++count); // a fresh body: the caller never shares it
        ping.replace(state);
        while (seen.get() == before) {
            Thread.onSpinWait();
        }
        return count;
    }
}
