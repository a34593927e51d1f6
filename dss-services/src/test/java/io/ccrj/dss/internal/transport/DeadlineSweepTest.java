package io.ccrj.dss.internal.transport;

import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The connection's 504 sweep: an expired deadline's task runs once, a met one never does, one
 * registered from another thread counts, and the sweep passes the pipeline's events untouched.
 */
class DeadlineSweepTest {
    @Test
    void expiredDeadlinesRunOnceAndMetOnesNever() throws Exception {
        DeadlineSweep sweep = new DeadlineSweep();
        EmbeddedChannel ch = new EmbeddedChannel(sweep);
        List<String> ran = new CopyOnWriteArrayList<>();
        sweep.deadline(1, () -> ran.add("first"));
        DeadlineSweep.Deadline met = sweep.deadline(1, () -> ran.add("met"));
        DeadlineSweep.Deadline later = sweep.deadline(TimeUnit.MINUTES.toMillis(1), () -> ran.add("later"));
        sweep.done(met);
        Thread other = Thread.ofPlatform().start(() -> sweep.deadline(1, () -> ran.add("from another thread")));
        other.join();
        ch.runPendingTasks(); // the other thread's registration hops to the event loop
        Thread.sleep(20);
        ch.runPendingTasks();
        ch.runScheduledPendingTasks();
        assertThat(ran).containsExactlyInAnyOrder("first", "from another thread");
        sweep.done(later);
        Thread.sleep(5);
        ch.runScheduledPendingTasks();
        assertThat(ran).containsExactlyInAnyOrder("first", "from another thread");
        ch.finishAndReleaseAll();
    }

    @Test
    void readsAndWritesPassTheSweepUntouched() {
        EmbeddedChannel ch = new EmbeddedChannel(new DeadlineSweep());
        assertThat(ch.writeInbound("request")).isTrue();
        assertThat(ch.<String>readInbound()).isEqualTo("request");
        assertThat(ch.writeOutbound("answer")).isTrue();
        assertThat(ch.<String>readOutbound()).isEqualTo("answer");
        ch.finishAndReleaseAll();
    }
}
